-- attack: a timer every millisecond over the longest --time
-- run: render --time 10000000
-- status: 1
-- stderr: app\.lua:6: timers fired 1000000 times
local ui = require("theolua")
ui.every(0.001, function() end)
return ui.text "x"
