-- attack: a finalizer set to a loop after setmetatable
-- status: 1
-- stderr: app\.lua:\d+: .*the call ran for more than 1 s
local ui = require("theolua")
local mt = { __gc = true }
setmetatable({}, mt)
mt.__gc = function() while true do end end
collectgarbage()
return ui.text "x"
