-- attack: a props schema nested 100,000 deep
-- status: 1
-- stderr: nest more than 32 levels deep
local ui = require("theolua")
local s = "string"
for i = 1, 100000 do s = { "array", of = s } end
return ui.component("C", { props = { items = s }, render = function() return "x" end }) {}
