-- attack: more components than the host mounts
-- run: render --max-instructions 500000000
-- status: 1
-- stderr: app\.lua:6: Row: more than 131072 elements
local ui = require("theolua")
local Row = ui.component("Row", function() return ui.row { ui.text "a", ui.text "b", ui.text "c" } end)
local t = {}
for i = 1, 300000 do t[i] = Row { key = i } end
return ui.column { t }
