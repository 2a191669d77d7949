-- attack: reading a device, which never ends
-- run: render --allow-read
-- status: 0
-- stdout: it is a device, not a file
local ui = require("theolua")
local outside = require("where")
local function try(f, ...)
  local ok, v = pcall(f, ...)
  if ok then return type(v) == "string" and v or "listed" end
  return tostring(v)
end
return ui.text { try(ui.readFile, "/dev/zero"), wrap = "char" }
