-- attack: a loop calling process:kill a million times, to make each call cost a scan of every process
-- run: render --allow-run=sleep --wait 0 --size 60x3 --max-instructions 2000000000
-- status: 0
-- stdout: ^killed
-- survivors: sleep 7302
local ui = require("theolua")
local p = ui.spawn("sleep", { "7302" })
for _ = 1, 1000000 do p:kill() end
return ui.text "killed"
