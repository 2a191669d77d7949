-- attack: a timer after ui.quit
-- run: render --time 5
-- status: 0
-- stdout: ^x
local ui = require("theolua")
ui.after(1, ui.quit)
ui.after(2, function() error("ran") end)
return ui.text "x"
