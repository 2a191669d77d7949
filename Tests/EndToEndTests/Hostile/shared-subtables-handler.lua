-- attack: shared subtables as a handler argument
-- status: 1
-- stderr: app\.lua:8: C: handler argument 1: too many values, at most 1000000 in all
local ui = require("theolua")
local t = {1}
for i = 1, 60 do t = {t, t} end
return ui.component("C", {
  render = function(self) return ui.button { "go", onPress = self:handler("go", t) } end,
  actions = { go = function() end },
}) {}
