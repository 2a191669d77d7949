-- attack: a props schema that contains itself
-- status: 1
-- stderr: app\.lua:7: C: props schema: field 'items\[\]': the schema contains itself
local ui = require("theolua")
local s = { "array" }
s.of = s
return ui.component("C", { props = { items = s }, render = function() return "x" end }) {}
