-- attack: deep recursion through string.gsub callbacks
-- status: 1
-- stderr: app\.lua:\d+: .*(stack overflow|instruction budget)
local ui = require("theolua")
local function f(s) return (s:gsub(".", f)) end
return ui.text(f("ab"))
