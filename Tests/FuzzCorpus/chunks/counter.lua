-- A counter: the smallest stateful component, with a button and keys.
local ui = require("theolua")

local Counter = ui.component("Counter", {
  props = {
    label = { "string", default = "Clicks" },
    step = { "integer", default = 1, min = 1 },
  },
  initialState = function(props) return { count = 0 } end,
  render = function(self)
    return ui.box { border = "round", title = "counter", padding = { 1, 0 },
      onKey = self:handler("key"),
      ui.row { gap = 1,
        ui.text { self.props.label .. ":", bold = true },
        ui.text { tostring(self.state.count), color = "cyan" },
      },
      ui.row { gap = 1,
        ui.button { "+", onPress = self:handler("add", self.props.step) },
        ui.button { "-", onPress = self:handler("add", -self.props.step) },
        ui.button { "reset", onPress = self:handler("reset") },
      },
      ui.text { "tab moves focus · enter presses · + and - count · q quits", dim = true },
    }
  end,
  actions = {
    add = function(self, amount)
      self:updateState(function(s) return { count = s.count + amount } end)
    end,
    reset = function(self) self:updateState({ count = 0 }) end,
    key = function(self, key)
      if key.name == "+" then self:updateState(function(s) return { count = s.count + self.props.step } end) return true end
      if key.name == "-" then self:updateState(function(s) return { count = s.count - self.props.step } end) return true end
      if key.name == "q" then ui.quit() return true end
    end,
  },
})

return Counter
