-- attack: a table containing itself as a prop
-- status: 1
-- stderr: app\.lua:7: C: prop 'data\.self': expected a value without cycles
local ui = require("theolua")
local t = {}
t.self = t
return ui.component("C", function() return "x" end) { data = t }
