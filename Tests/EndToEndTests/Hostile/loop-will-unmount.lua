-- attack: a runaway loop in willUnmount
-- run: render --keys enter
-- status: 1
-- stderr: app\.lua:7: Child: the call ran for more than 1 s
local ui = require("theolua")
local Child = ui.component("Child", { render = function() return "child" end,
  controller = { willUnmount = function() while true do end end } })
return ui.component("C", {
  initialState = function() return { on = true } end,
  render = function(self) return ui.column { self.state.on and Child {} or nil, ui.button { "off", onPress = self:handler("off") } } end,
  actions = { off = function(self) self:updateState({ on = false }) end },
}) {}
