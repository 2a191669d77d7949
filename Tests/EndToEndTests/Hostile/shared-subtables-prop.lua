-- attack: shared subtables as a prop
-- status: 1
-- stderr: app\.lua:7: C: prop: too many values, at most 1000000 in all
local ui = require("theolua")
local t = {1}
for i = 1, 60 do t = {t, t} end
return ui.component("C", function() return "x" end) { data = t }
