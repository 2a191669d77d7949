-- attack: with --allow-io, clearing the hook that counts instructions: the time limit still stops the call
-- run: render --allow-io --max-instructions 100000 --max-seconds 1
-- status: 1
-- stderr: ^app\.lua:7: the call ran for more than 1 s
local ui = require("theolua")
debug.sethook()
while true do end
return ui.text("x")
