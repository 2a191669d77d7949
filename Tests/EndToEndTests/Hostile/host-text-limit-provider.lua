-- attack: more text than the host holds, rendered through a context provider
-- status: 1
-- stderr: app\.lua:7: Log: the elements mounted would hold more than 2 MiB of text at once \(the host's limit\)
local ui = require("theolua")
local Theme = ui.context("light", "Theme")
local big = string.rep("x", 1500000)
local Log = ui.component("Log", function()
  return Theme.provide { value = "dark", ui.text { big, wrap = "none" }, ui.text { big, wrap = "none" } }
end)
return ui.column { Log {} }
