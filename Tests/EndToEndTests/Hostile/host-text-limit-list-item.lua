-- attack: more text than the host holds, in the items of a list
-- status: 1
-- stderr: app\.lua:6: Feed: the elements mounted would hold more than 2 MiB of text at once
local ui = require("theolua")
local big = string.rep("x", 1500000)
local Feed = ui.component("Feed", function()
  return ui.list { count = 5, render = function(i) return ui.text { big, wrap = "none" } end }
end)
return Feed {}
