-- attack: a runaway loop at the top level of the app
-- status: 1
-- stderr: app\.lua:\d+: .*the call ran for more than 1 s
local ui = require("theolua")
while true do end
