-- attack: comparing two long strings in a loop
-- run: render --max-memory 256
-- status: 1
-- stderr: app\.lua:\d+: .*the call ran for more than 1 s
local ui = require("theolua")
local a, b = string.rep("x", 1 << 24), string.rep("x", 1 << 24)
while true do if a == b then end end
