-- attack: a sort comparator that never returns (C calls it: no slice can end there)
-- status: 1
-- stderr: app\.lua:6: C: the call ran for more than 1 s
local ui = require("theolua")
return ui.component("C", function()
  table.sort({ 3, 2, 1 }, function(a, b) while true do end end)
  return ui.text("sorted")
end) {}
