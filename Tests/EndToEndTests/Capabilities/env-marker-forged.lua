-- attack: a script setting the job variable to hide its process from the app's end
-- run: render --allow-run --wait 0 --size 60x3
-- status: 0
-- stdout: ^spawned
-- survivors: sleep 7301
local ui = require("theolua")
ui.spawn("sh", { "-c", "setsid sleep 7301 &" }, { env = { THEOLUA_JOB = "1.1.1" } })
return ui.text "spawned"
