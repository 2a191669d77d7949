-- attack: a pattern that backtracks without end
-- status: 1
-- stderr: app\.lua:\d+: .*the call ran for more than 1 s
local ui = require("theolua")
local s = string.rep("a", 40000)
return ui.text(tostring(s:find(string.rep("a*", 30) .. "b")))
