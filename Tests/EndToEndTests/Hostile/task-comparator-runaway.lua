-- attack: a task whose sort comparator never returns: the slice cannot yield there, and the time limit stops it
-- status: 1
-- stderr: app\.lua:7: .*the call ran for more than 1 s
local ui = require("theolua")
return ui.component("C", {
  controller = { init = function()
    ui.task(function() table.sort({ 3, 2, 1 }, function(a, b) while true do end end) end)
  end },
  render = function() return ui.text("working") end,
}) {}
