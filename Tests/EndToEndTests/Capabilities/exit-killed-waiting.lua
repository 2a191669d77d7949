-- attack: render ended by SIGTERM while it waits for processes
-- run: render --allow-run --wait 20 --size 60x3
-- status: 143
-- survivors: sleep 7414
-- survivors: sleep 7415
local ui = require("theolua")
ui.spawn("sh", { "-c", "setsid sleep 7414 & trap '' TERM; sleep 7415" })
ui.spawn("sh", { "-c", "sleep 0.3; kill -TERM $PPID" })
return ui.text "spawned"
