-- attack: loading bytecode made with string.dump
-- status: 0
-- stdout: ^nil
local ui = require("theolua")
local f = load(string.dump(function() return 1 end))
return ui.text(tostring(f))
