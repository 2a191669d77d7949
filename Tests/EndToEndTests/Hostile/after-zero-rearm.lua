-- attack: ui.after(0) re-arming itself
-- run: render --time 0.5
-- status: 0
-- stdout: ^x
local ui = require("theolua")
local function again() ui.after(0, again) end
again()
return ui.text "x"
