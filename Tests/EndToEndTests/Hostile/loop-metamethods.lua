-- attack: runaway __eq, __lt, __concat and __len
-- status: 1
-- stderr: app\.lua:\d+: .*the call ran for more than 1 s
local ui = require("theolua")
local mt = { __eq = function() while true do end end }
local a, b = setmetatable({}, mt), setmetatable({}, mt)
print(pcall(function() return a == b end))
mt.__lt = mt.__eq; print(pcall(function() return a < b end))
mt.__concat = mt.__eq; print(pcall(function() return a .. b end))
return ui.text "x"
