-- attack: millions of closures
-- run: render --max-memory 64
-- status: 1
-- stderr: app\.lua:\d+: .*(memory limit|the call ran for more than 1 s)
local ui = require("theolua")
local t = {}
for i = 1, 1e8 do t[i] = function() return i end end
