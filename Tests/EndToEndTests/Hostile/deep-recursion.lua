-- attack: deep recursion in Lua
-- run: render --max-instructions 100000000
-- status: 1
-- stderr: app\.lua:\d+: .*stack overflow
local ui = require("theolua")
local function f(n) return f(n + 1) + 1 end
return ui.text(f(1))
