-- attack: require of ../
-- status: 1
-- stderr: is not allowed
local ui = require("theolua")
return require("../secret")
