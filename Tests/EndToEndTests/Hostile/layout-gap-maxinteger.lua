-- attack: gap = math.maxinteger
-- status: 1
-- stderr: app\.lua:5: ui\.row: prop 'gap'
local ui = require("theolua")
return ui.row { gap = math.maxinteger, ui.text "a", ui.text "b" }
