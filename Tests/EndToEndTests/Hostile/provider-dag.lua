-- attack: a provider made of itself 25 times over
-- status: 1
-- stderr: app\.lua:7: Theme\.provide: child: too many values, at most 1000000 in all
local ui = require("theolua")
local Theme = ui.context("light", "Theme")
local e = ui.text "x"
for i = 1, 25 do e = Theme.provide { e, e } end
return e
