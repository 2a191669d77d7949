-- attack: a looping __tostring reached by tostring and print
-- status: 1
-- stderr: app\.lua:\d+: .*the call ran for more than 1 s
local ui = require("theolua")
local t = setmetatable({}, { __tostring = function() while true do end end })
print(t)
return ui.text "x"
