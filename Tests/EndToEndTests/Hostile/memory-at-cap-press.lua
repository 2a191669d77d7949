-- attack: pressing a button with the heap at its cap
-- run: render --max-memory 16 --keys "x enter"
-- status: 0|1
local ui = require("theolua")
keep = {}
return ui.component("C", {
  render = function(self) return ui.box { onKey = self:handler("fill"), ui.button { "go", onPress = self:handler("go", string.rep("a", 1 << 20)) } } end,
  actions = {
    fill = function(self, key) if key.name ~= "x" then return false end
      pcall(function() while true do keep[#keep + 1] = string.rep("x", 4000) .. #keep end end) return true end,
    go = function(self, arg) print(#arg) end,
  },
}) {}
