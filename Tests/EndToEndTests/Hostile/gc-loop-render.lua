-- attack: two thousand slow finalizers made in a render
-- status: 1
-- stderr: app\.lua:\d+: .*the call ran for more than 1 s
local ui = require("theolua")
return ui.component("C", function()
  for i = 1, 2000 do setmetatable({}, { __gc = function() local x = 0 for j = 1, 1e8 do x = x + j end end }) end
  collectgarbage()
  return "x"
end) {}
