-- attack: watching the outside folder by absolute path
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
return ui.text { try(ui.watch, outside, function() end), wrap = "char" }
