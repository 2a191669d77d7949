-- attack: minWidth = 2^31 with a border
-- status: 1
-- stderr: prop 'minWidth'
local ui = require("theolua")
return ui.row { border = "single", minWidth = 2^31, ui.text "a" }
