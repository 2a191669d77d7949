-- attack: ui.quit with processes running
-- run: render --allow-run --wait 0 --size 60x3
-- status: 0
-- survivors: sleep 7410
-- survivors: sleep 7411
local ui = require("theolua")
ui.spawn("sh", { "-c", "setsid sleep 7410 & sleep 7411" })
ui.quit()
return ui.text "quit"
