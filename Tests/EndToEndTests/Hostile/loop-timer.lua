-- attack: a runaway loop in a timer
-- run: render --time 2
-- status: 1
-- stderr: app\.lua:6: the call ran for more than 1 s
local ui = require("theolua")
ui.after(1, function() while true do end end)
return ui.text "x"
