-- attack: a looping finalizer of a table alive when the app ends
-- status: 0
-- stdout: ^x
local ui = require("theolua")
keep = setmetatable({}, { __gc = function() while true do end end })
return ui.text "x"
