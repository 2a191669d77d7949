-- attack: table.move over a huge range
-- status: 1
-- stderr: app\.lua:\d+: .*the call ran for more than 1 s
local ui = require("theolua")
table.move({}, 1, 1e12, 2)
return ui.text "x"
