-- attack: a grandchild in its own session with its environment cleared, its parent gone
-- run: render --allow-run --wait 0 --size 60x3
-- status: 0
-- survivors: sleep 7405
local ui = require("theolua")
ui.spawn("sh", { "-c", "setsid env -i /bin/sleep 7405 & exit" })
return ui.text "spawned"
