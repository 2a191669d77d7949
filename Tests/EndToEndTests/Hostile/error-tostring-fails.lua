-- attack: an error object whose __tostring fails
-- status: 1
-- stderr: app\.lua:\d+: \(error object is a table value\)
local ui = require("theolua")
error(setmetatable({}, { __tostring = function() error("again") end }))
