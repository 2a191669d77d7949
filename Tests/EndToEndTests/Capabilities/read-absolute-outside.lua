-- attack: readFile of an absolute path outside the grant
-- run: render --allow-read=$DIR/data
-- setup: mkdir data
-- status: 0
-- stdout: not allowed
local ui = require("theolua")
local outside = require("where")
local function try(f, ...)
  local ok, v = pcall(f, ...)
  if ok then return type(v) == "string" and v or "listed" end
  return tostring(v)
end
return ui.text { try(ui.readFile, outside .. "/secret.txt"), wrap = "char" }
