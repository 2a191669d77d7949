-- attack: an error object whose __tostring loops
-- status: 1
-- stderr: app\.lua:\d+: .*the call ran for more than 1 s
local ui = require("theolua")
error(setmetatable({}, { __tostring = function() while true do end end }))
