-- attack: copying a million arguments in a loop
-- run: render --max-memory 256
-- status: 1
-- stderr: app\.lua:\d+: .*the call ran for more than 1 s
local ui = require("theolua")
local function f(...) while true do local n = select("#", ...) end end
f(table.unpack({}, 1, 200000))
