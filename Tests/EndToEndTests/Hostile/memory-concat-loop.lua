-- attack: doubling a string in a loop
-- run: render --max-memory 64
-- status: 1
-- stderr: app\.lua:\d+: .*(memory limit|the call ran for more than 1 s)
local ui = require("theolua")
local s = "x"
while true do s = s .. s end
