-- attack: a setsid grandchild that also ignores SIGTERM
-- run: render --allow-run --wait 0 --size 60x3
-- status: 0
-- survivors: sleep 7406
local ui = require("theolua")
ui.spawn("sh", { "-c", "setsid sh -c \"trap '' TERM; sleep 7406; sleep 1\" & exit" })
return ui.text "spawned"
