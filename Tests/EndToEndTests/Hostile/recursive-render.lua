-- attack: a component rendering itself without end
-- status: 1
-- stderr: app\.lua:6: C: (the tree is deeper than|.*nested deeper)
local ui = require("theolua")
local C
C = ui.component("C", function() return ui.box { C {} } end)
return C {}
