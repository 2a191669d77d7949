-- attack: a module that is a link to /dev/zero
-- run: render
-- setup: ln -s /dev/zero zero.lua
-- status: 1
-- stderr: leads outside the app's folder
local ui = require("theolua")
return ui.text(require("zero"))
