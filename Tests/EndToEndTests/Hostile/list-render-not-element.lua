-- attack: a list whose render(i) returns a plain table instead of an element
-- status: 1
-- stderr: app\.lua:8: Feed: list item render\(1\) must return an element, a string or nil, got a table
local ui = require("theolua")
local Feed = ui.component("Feed", function()
  return ui.list {
    count = 10,
    render = function(i)
      return { title = "row " .. i }
    end,
  }
end)
return Feed {}
