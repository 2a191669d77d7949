-- attack: none: a module folder linked inside the app's folder is loaded
-- run: render
-- setup: mkdir real && echo "return 'from real'" > real/mod.lua && ln -s real lib
-- status: 0
-- stdout: ^from real
local ui = require("theolua")
return ui.text(require("lib.mod"))
