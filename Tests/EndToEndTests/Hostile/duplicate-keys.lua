-- attack: two children with one key
-- status: 1
-- stderr: app\.lua:5: Duplicate key 'k' among children of ui\.column
local ui = require("theolua")
return ui.column { ui.text { "a", key = "k" }, ui.text { "b", key = "k" } }
