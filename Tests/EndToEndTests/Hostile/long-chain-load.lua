-- attack: naming a value at the end of 300,000 chained fields overflows the C stack (Lua up to 5.4.6)
-- status: 0
-- stdout: ^refused: \[string "local t = \.\.\.\.\.\."\]:2:\nmore than 1000 fields
local ui = require("theolua")
local t = {}; t.f = t
local f, message = load("local t = ...\nreturn t" .. (".f"):rep(300000) .. ".g.h")
if f then return ui.text("loaded: " .. tostring(pcall(f, t))) end
return ui.text("refused: " .. message)
