-- attack: a runaway loop in an action
-- run: render --keys enter
-- status: 1
-- stderr: app\.lua:9: C: the call ran for more than 1 s
local ui = require("theolua")
return ui.component("C", {
  render = function(self) return ui.button { "go", onPress = self:handler("go") } end,
  actions = { go = function(self)
    while true do end
  end },
}) {}
