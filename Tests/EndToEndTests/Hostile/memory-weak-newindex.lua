-- attack: a weak metatable's __newindex table at the memory cap
-- run: render --max-memory 64
-- status: 0|1
local ui = require("theolua")
local mt = setmetatable({ __newindex = {} }, { __mode = "v" })
local t = setmetatable({}, mt)
local keep = {}
pcall(function() while true do keep[#keep + 1] = {} end end)
for i = 1, 10 do t[i] = 1 end
return ui.text "x"
