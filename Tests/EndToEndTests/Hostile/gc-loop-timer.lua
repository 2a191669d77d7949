-- attack: a looping finalizer collected in a timer
-- run: render --time 2
-- status: 1
-- stderr: app\.lua:\d+: .*the call ran for more than 1 s
local ui = require("theolua")
ui.after(1, function() setmetatable({}, { __gc = function() while true do end end }); collectgarbage() end)
return ui.text "x"
