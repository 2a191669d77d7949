-- attack: xpcall with a looping message handler
-- status: 1
-- stderr: app\.lua:\d+: .*the call ran for more than 1 s
local ui = require("theolua")
xpcall(function() while true do end end, function() while true do end end)
return ui.text "x"
