-- attack: an error object whose __tostring loops
-- status: 1
-- stderr: app\.lua:\d+: .*instruction budget of \d+ exceeded
local ui = require("theolua")
error(setmetatable({}, { __tostring = function() while true do end end }))
