-- attack: ten million boxes
-- status: 1
-- stderr: app\.lua:\d+: .*(too many values, at most 1000000|memory limit|instruction budget)
local ui = require("theolua")
local b = ui.box {}
local t = {}
for i = 1, 1e7 do t[i] = b end
return ui.column { t }
