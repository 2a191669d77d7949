-- attack: more text than the host holds, in elements the top level returns
-- status: 1
-- stderr: app\.lua:7: ui\.column: the elements mounted would hold more than 2 MiB of text at once
local ui = require("theolua")
local big = string.rep("x", 1500000)
local first = ui.text { big, wrap = "none" }
return ui.column {
  first,
  ui.text { big, wrap = "none" },
}
