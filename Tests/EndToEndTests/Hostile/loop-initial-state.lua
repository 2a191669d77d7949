-- attack: a runaway loop in initialState
-- status: 1
-- stderr: app\.lua:5: C: instruction budget
local ui = require("theolua")
return ui.component("C", { initialState = function() while true do end end, render = function() return "x" end }) {}
