-- attack: a folder link inside the grant to the outside folder
-- run: render --allow-read=$DIR/data
-- setup: mkdir data && ln -s "$OUTSIDE" data/d
-- status: 0
-- stdout: not allowed
local ui = require("theolua")
local outside = require("where")
local function try(f, ...)
  local ok, v = pcall(f, ...)
  if ok then return type(v) == "string" and v or "listed" end
  return tostring(v)
end
return ui.text { try(ui.readFile, "data/d/secret.txt"), wrap = "char" }
