-- attack: deep recursion through string.gsub callbacks
-- status: 1
-- stderr: app\.lua:\d+: .*(stack overflow|the call ran for more than 1 s)
local ui = require("theolua")
local function f(s) return (s:gsub(".", f)) end
return ui.text(f("ab"))
