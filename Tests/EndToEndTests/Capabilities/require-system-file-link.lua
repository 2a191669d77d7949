-- attack: a module that is a link to a system file, to see it in a syntax error
-- run: render
-- setup: ln -s /etc/passwd passwd.lua
-- status: 1
-- stderr: leads outside the app's folder
-- stdout: ^$
local ui = require("theolua")
return ui.text(require("passwd"))
