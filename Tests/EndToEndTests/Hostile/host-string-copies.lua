-- attack: one 10 MiB string shown by 500 texts
-- status: 1
-- stderr: app\.lua:\d+: .*the call copied more than 64 MiB of strings out of Lua
local ui = require("theolua")
local s = string.rep("abcdefghi ", 1 << 20)
local t = {}
for i = 1, 500 do t[i] = ui.text(s) end
return ui.column { t }
