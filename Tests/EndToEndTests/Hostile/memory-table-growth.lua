-- attack: a table grown without end
-- run: render --max-memory 64
-- status: 1
-- stderr: app\.lua:\d+: .*memory limit of 64 MiB exceeded
local ui = require("theolua")
local t = {}
for i = 1, 1e9 do t[i] = i end
