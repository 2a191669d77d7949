-- attack: a chain of links inside the grant whose last one leads out
-- run: render --allow-read=$DIR/data
-- setup: mkdir data && ln -s b data/a && ln -s c data/b && ln -s "$OUTSIDE/secret.txt" data/c
-- status: 0
-- stdout: not allowed
local ui = require("theolua")
local outside = require("where")
local function try(f, ...)
  local ok, v = pcall(f, ...)
  if ok then return type(v) == "string" and v or "listed" end
  return tostring(v)
end
return ui.text { try(ui.readFile, "data/a"), wrap = "char" }
