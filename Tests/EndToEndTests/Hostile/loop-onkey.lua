-- attack: a runaway loop in an onKey handler function
-- run: render --keys a
-- status: 1
-- stderr: app\.lua:6: .*the call ran for more than 1 s
local ui = require("theolua")
return ui.box { focusable = true, onKey = function() while true do end end, ui.text "x" }
