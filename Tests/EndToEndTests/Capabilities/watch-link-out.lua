-- attack: watching a file outside the grant through a link
-- run: render --allow-read=$DIR/data
-- setup: mkdir data && ln -s "$OUTSIDE/secret.txt" data/link
-- status: 0
-- stdout: not allowed
local ui = require("theolua")
local outside = require("where")
local function try(f, ...)
  local ok, v = pcall(f, ...)
  if ok then return type(v) == "string" and v or "listed" end
  return tostring(v)
end
return ui.text { try(ui.watch, "data/link", function() end), wrap = "char" }
