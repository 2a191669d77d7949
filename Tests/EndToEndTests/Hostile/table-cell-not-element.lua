-- attack: a table whose cell(row, col) returns a boolean
-- status: 1
-- stderr: app\.lua:8: Grid: table cell\(1, 1\) must return an element, a string or nil, got boolean \(true\)
local ui = require("theolua")
local Grid = ui.component("Grid", function()
  return ui.table {
    columns = { { title = "name" } }, count = 3,
    cell = function(row, col)
      return true
    end,
  }
end)
return Grid {}
