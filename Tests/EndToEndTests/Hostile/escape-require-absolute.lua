-- attack: require of an absolute path
-- status: 1
-- stderr: app\.lua:5: require: module name '/etc/passwd' is not allowed
local ui = require("theolua")
return require("/etc/passwd")
