-- attack: render ended by SIGHUP while it waits
-- run: render --allow-run --wait 20 --size 60x3
-- status: 129
-- survivors: sleep 7418
-- survivors: sleep 7419
local ui = require("theolua")
ui.spawn("sh", { "-c", "setsid sleep 7418 & sleep 7419" })
ui.spawn("sh", { "-c", "sleep 0.3; kill -HUP $PPID" })
return ui.text "spawned"
