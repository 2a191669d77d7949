-- attack: error(nil)
-- status: 1
-- stderr: app\.lua
local ui = require("theolua")
error(nil)
