-- attack: a runaway loop in a controller's init
-- status: 1
-- stderr: app\.lua:7: C: the call ran for more than 1 s
local ui = require("theolua")
return ui.component("C", {
  render = function() return "x" end,
  controller = { init = function(ctl) while true do end end },
}) {}
