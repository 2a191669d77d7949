-- attack: catching the budget error with pcall and looping on
-- status: 1
-- stderr: app\.lua:\d+: .*the call ran for more than 1 s
local ui = require("theolua")
while true do pcall(function() while true do end end) end
