-- attack: processes started by a controller before a render error
-- run: render --allow-run --wait 0 --size 60x3
-- status: 1
-- survivors: sleep 7409
local ui = require("theolua")
return ui.component("C", {
  render = function(self) error("render fails") end,
  controller = { init = function() ui.spawn("sh", { "-c", "setsid sleep 7409 &" }) end },
})
