-- attack: a __gc put on an element's metatable
-- status: 0
-- stdout: ^x
local ui = require("theolua")
local mt = getmetatable(ui.text "x")
print(type(mt))
if type(mt) == "table" then mt.__gc = function() while true do end end end
collectgarbage()
return ui.text "x"
