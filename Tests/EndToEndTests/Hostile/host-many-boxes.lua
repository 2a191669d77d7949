-- attack: ten million boxes
-- status: 1
-- stderr: app\.lua:\d+: .*(too many values, at most 1000000|memory limit|the call ran for more than 1 s)
local ui = require("theolua")
local b = ui.box {}
local t = {}
for i = 1, 1e7 do t[i] = b end
return ui.column { t }
