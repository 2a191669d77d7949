-- attack: a process group member that ignores SIGTERM
-- run: render --allow-run --wait 0 --size 60x3
-- status: 0
-- survivors: sleep 7402
local ui = require("theolua")
ui.spawn("sh", { "-c", "trap '' TERM; sleep 7402 & wait" })
return ui.text "spawned"
