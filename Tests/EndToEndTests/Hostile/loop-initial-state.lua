-- attack: a runaway loop in initialState
-- status: 1
-- stderr: app\.lua:5: C: the call ran for more than 1 s
local ui = require("theolua")
return ui.component("C", { initialState = function() while true do end end, render = function() return "x" end }) {}
