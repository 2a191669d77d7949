-- attack: a runaway __index metamethod
-- status: 1
-- stderr: app\.lua:\d+: .*the call ran for more than 1 s
local ui = require("theolua")
local t = setmetatable({}, { __index = function(t, k) while true do end end })
return ui.text(tostring(t.x))
