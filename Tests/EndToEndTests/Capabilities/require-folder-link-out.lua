-- attack: a module folder that is a link to the outside folder
-- run: render
-- setup: ln -s "$OUTSIDE" lib
-- status: 1
-- stderr: leads outside the app's folder
local ui = require("theolua")
return ui.text(require("lib.secret"))
