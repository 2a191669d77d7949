-- attack: shared subtables as an emit payload
-- status: 1
-- stderr: app\.lua:7: ui\.emit: payload: too many values, at most 1000000 in all
local ui = require("theolua")
local t = {1}
for i = 1, 60 do t = {t, t} end
ui.emit("x", t)
return ui.text "x"
