-- attack: catching the budget error with coroutine.resume
-- status: 1
-- stderr: app\.lua:\d+: .*instruction budget of \d+ exceeded
local ui = require("theolua")
while true do coroutine.resume(coroutine.create(function() while true do end end)) end
