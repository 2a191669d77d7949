-- attack: a finalizer set to a loop after setmetatable
-- status: 1
-- stderr: app\.lua:\d+: .*instruction budget of \d+ exceeded
local ui = require("theolua")
local mt = { __gc = true }
setmetatable({}, mt)
mt.__gc = function() while true do end end
collectgarbage()
return ui.text "x"
