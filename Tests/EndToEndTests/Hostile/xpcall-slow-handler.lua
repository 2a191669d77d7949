-- attack: xpcall with a slow message handler
-- status: 1
-- stderr: app\.lua:\d+: .*the call ran for more than 1 s
local ui = require("theolua")
xpcall(function() while true do end end, function() local x = 0 for i = 1, 1e9 do x = x + i end end)
return ui.text "x"
