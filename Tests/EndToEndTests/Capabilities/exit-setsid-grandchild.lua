-- attack: a grandchild that leaves the process group with setsid
-- run: render --allow-run --wait 0 --size 60x3
-- status: 0
-- survivors: sleep 7401
local ui = require("theolua")
ui.spawn("sh", { "-c", "setsid sleep 7401 & sleep 0.1" })
return ui.text "spawned"
