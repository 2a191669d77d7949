-- attack: processes started by the top level before an error
-- run: render --allow-run --wait 0 --size 60x3
-- status: 1
-- stderr: app\.lua:\d+: boom
-- survivors: sleep 7407
-- survivors: sleep 7408
local ui = require("theolua")
ui.spawn("sh", { "-c", "setsid sleep 7407 & sleep 7408" })
error("boom")
