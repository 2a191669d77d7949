-- attack: theolua check with processes started at load
-- run: check --allow-run
-- status: 0
-- stdout: ^ok
-- survivors: sleep 7420
-- survivors: sleep 7421
local ui = require("theolua")
ui.spawn("sh", { "-c", "setsid sleep 7420 & sleep 7421" })
return ui.text "checked"
