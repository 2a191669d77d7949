-- attack: a render that updates its state every time
-- status: 1
-- stderr: app\.lua:7: C: updates did not settle
local ui = require("theolua")
return ui.component("C", {
  initialState = function() return { n = 0 } end,
  render = function(self) self:updateState(function(s) return { n = s.n + 1 } end) return tostring(self.state.n) end,
}) {}
