-- attack: catching the budget error with coroutine.resume
-- status: 1
-- stderr: app\.lua:\d+: .*the call ran for more than 1 s
local ui = require("theolua")
while true do coroutine.resume(coroutine.create(function() while true do end end)) end
