-- attack: every size at its maximum
-- status: 0
local ui = require("theolua")
return ui.box { border = "single", minWidth = 1000000, minHeight = 1000000, gap = 1000000, padding = 1000000, ui.text "a", ui.text "b" }
