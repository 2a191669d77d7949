-- attack: render ended by SIGINT while it waits
-- run: render --allow-run --wait 20 --size 60x3
-- status: 130
-- survivors: sleep 7416
-- survivors: sleep 7417
local ui = require("theolua")
ui.spawn("sh", { "-c", "setsid sleep 7416 & sleep 7417" })
ui.spawn("sh", { "-c", "sleep 0.3; kill -INT $PPID" })
return ui.text "spawned"
