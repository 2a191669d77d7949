-- attack: fifty processes each with a grandchild of its own
-- run: render --allow-run --wait 0 --size 60x3
-- status: 0
-- survivors: sleep 7412
-- survivors: sleep 7413
local ui = require("theolua")
for i = 1, 50 do ui.spawn("sh", { "-c", "setsid sleep 7412 & sleep 7413" }) end
return ui.text "spawned"
