-- attack: millions of closures
-- run: render --max-memory 64
-- status: 1
-- stderr: app\.lua:\d+: .*(memory limit|instruction budget)
local ui = require("theolua")
local t = {}
for i = 1, 1e8 do t[i] = function() return i end end
