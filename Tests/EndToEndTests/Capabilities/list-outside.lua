-- attack: listDir of the outside folder and of the granted folder's parent
-- run: render --allow-read=$DIR/data
-- setup: mkdir data
-- status: 0
-- stdout: (?s)not allowed.*not allowed
local ui = require("theolua")
local outside = require("where")
local function try(f, ...)
  local ok, v = pcall(f, ...)
  if ok then return type(v) == "string" and v or "listed" end
  return tostring(v)
end
return ui.text { try(ui.listDir, outside) .. "\n" .. try(ui.listDir, "data/.."), wrap = "char" }
