-- attack: with --allow-io, clearing every hook in a loop, so that none can stop the call
-- run: render --allow-io
-- status: 1
-- stderr: ^app\.lua:6: the call ran for more than 1 s
local ui = require("theolua")
while true do debug.sethook() end
return ui.text("x")
