-- attack: a path with a zero byte, to cut the path the system sees
-- run: render --allow-read=$DIR/data
-- setup: mkdir data
-- status: 0
-- stdout: expected a path as a string
local ui = require("theolua")
local outside = require("where")
local function try(f, ...)
  local ok, v = pcall(f, ...)
  if ok then return type(v) == "string" and v or "listed" end
  return tostring(v)
end
return ui.text { try(ui.readFile, "data/x\0/../../secret"), wrap = "char" }
