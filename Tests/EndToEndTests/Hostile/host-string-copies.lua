-- attack: one 10 MiB string shown by 500 texts
-- status: 1
-- stderr: app\.lua:\d+: .*instruction budget of \d+ exceeded
local ui = require("theolua")
local s = string.rep("abcdefghi ", 1 << 20)
local t = {}
for i = 1, 500 do t[i] = ui.text(s) end
return ui.column { t }
