-- attack: a prop nested 100,000 deep
-- status: 1
-- stderr: at most 100 levels of nesting
local ui = require("theolua")
local t = {}
for i = 1, 100000 do t = { t } end
return ui.component("C", function() return "x" end) { data = t }
