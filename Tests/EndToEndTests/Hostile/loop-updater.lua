-- attack: a runaway loop in a state updater
-- run: render --keys enter
-- status: 1
-- stderr: app\.lua:9: C: the call ran for more than 1 s
local ui = require("theolua")
return ui.component("C", {
  initialState = function() return { n = 0 } end,
  render = function(self) return ui.button { tostring(self.state.n), onPress = self:handler("go") } end,
  actions = { go = function(self) self:updateState(function(s) while true do end end) end },
}) {}
