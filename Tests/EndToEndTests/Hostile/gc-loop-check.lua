-- attack: a looping finalizer under check
-- run: check
-- status: 1
-- stderr: app\.lua:\d+: .*the call ran for more than 1 s
local ui = require("theolua")
setmetatable({}, { __gc = function() while true do end end }); collectgarbage()
return ui.text "x"
