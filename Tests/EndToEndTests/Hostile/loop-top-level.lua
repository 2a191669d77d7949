-- attack: a runaway loop at the top level of the app
-- status: 1
-- stderr: app\.lua:\d+: .*instruction budget of \d+ exceeded
local ui = require("theolua")
while true do end
