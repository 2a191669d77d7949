-- attack: an element made of itself 25 times over, and tostring of it
-- status: 1
-- stderr: app\.lua:6: ui\.column: child: too many values, at most 1000000 in all
local ui = require("theolua")
local e = ui.text "x"
for i = 1, 25 do e = ui.column { e, e } end
print(tostring(e))
return e
