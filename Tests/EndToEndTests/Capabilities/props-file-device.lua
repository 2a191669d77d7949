-- attack: --props @/dev/zero
-- run: render --props @/dev/zero
-- status: 2
-- stderr: it is a device
local ui = require("theolua")
return ui.text "x"
