-- attack: table.concat of a huge list
-- run: render --max-memory 64
-- status: 1
-- stderr: app\.lua:\d+: .*(memory limit|the call ran for more than 1 s)
local ui = require("theolua")
local t = {}
for i = 1, 1e6 do t[i] = string.rep("y", 100) end
return ui.text(table.concat(t))
