-- attack: a daemon's double fork: a grandchild in its own session whose parents are gone
-- run: render --allow-run --wait 0 --size 60x3
-- status: 0
-- survivors: sleep 7404
local ui = require("theolua")
ui.spawn("sh", { "-c", "(setsid sh -c 'sleep 7404 & exit' &) ; exit" })
return ui.text "spawned"
