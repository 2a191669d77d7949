-- attack: context providers nested deeper than a tree may be
-- status: 1
-- stderr: app\.lua:8: Deep: Theme\.provide: elements nested deeper than 500 levels
local ui = require("theolua")
local Theme = ui.context("light", "Theme")
local Deep = ui.component("Deep", function()
  local e = ui.text "leaf"
  for i = 1, 600 do e = Theme.provide { value = i, e } end
  return e
end)
return Deep {}
