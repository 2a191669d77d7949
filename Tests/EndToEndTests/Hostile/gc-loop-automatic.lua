-- attack: a looping finalizer reached by the collector on its own
-- status: 1
-- stderr: app\.lua:\d+: .*the call ran for more than 1 s
local ui = require("theolua")
setmetatable({}, { __gc = function() while true do end end })
local junk = {}
for i = 1, 300000 do junk[i % 1000] = { i } end
return ui.text "x"
