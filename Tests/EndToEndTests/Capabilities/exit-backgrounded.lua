-- attack: a backgrounded grandchild whose parent exits at once
-- run: render --allow-run --wait 0 --size 60x3
-- status: 0
-- survivors: sleep 7403
local ui = require("theolua")
ui.spawn("sh", { "-c", "sleep 7403 &" })
return ui.text "spawned"
