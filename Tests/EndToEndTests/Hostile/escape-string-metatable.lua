-- attack: poisoning the string metatable
-- status: 1
-- stderr: app\.lua:\d+: .*poisoned
local ui = require("theolua")
getmetatable("").__index = function() error("poisoned") end
return ui.text(("x"):rep(2))
