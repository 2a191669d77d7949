-- attack: tailing /dev/urandom from its start
-- run: render --allow-read --size 60x3
-- status: 0
-- stdout: it is a device, not a file
local ui = require("theolua")
local outside = require("where")
local function try(f, ...)
  local ok, v = pcall(f, ...)
  if ok then return type(v) == "string" and v or "listed" end
  return tostring(v)
end
return ui.text { try(ui.tail, "/dev/urandom", function() end, { fromStart = true }), wrap = "char" }
