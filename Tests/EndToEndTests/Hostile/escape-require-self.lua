-- attack: a module requiring itself
-- status: 1
-- stderr: app\.lua:\d+: .*(C stack overflow|stack overflow)
local ui = require("theolua")
return require("app")
