-- attack: grow = 1e308 beside shrink = 1e308
-- status: 1
-- stderr: prop 'grow'
local ui = require("theolua")
return ui.row { ui.box { grow = 1e308 }, ui.box { shrink = 1e308 } }
