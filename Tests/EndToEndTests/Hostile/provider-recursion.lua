-- attack: a component providing a context around itself without end
-- status: 1
-- stderr: app\.lua:7: Nest: the tree is deeper than 500 levels
local ui = require("theolua")
local Theme = ui.context("light", "Theme")
local Nest
Nest = ui.component("Nest", function()
  return Theme.provide { value = "dark", Nest {} }
end)
return Nest {}
