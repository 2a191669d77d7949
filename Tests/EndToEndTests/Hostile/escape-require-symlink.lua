-- attack: require of a module linked from outside the app folder
-- status: 1
-- stderr: leads outside the app's folder through a symbolic link
-- symlink: linked.lua -> $OUTSIDE/secret.lua
local ui = require("theolua")
return require("linked")
