-- attack: every collectgarbage option
-- status: 0
-- stdout: ^true
local ui = require("theolua")
for _, o in ipairs { "collect", "step", "count", "isrunning", "incremental", "generational", "stop", "restart" } do collectgarbage(o) end
return ui.text(tostring(collectgarbage("isrunning")))
