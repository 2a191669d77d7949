-- attack: asking load for binary mode
-- status: 0
-- stdout: ^nil
local ui = require("theolua")
local f, e = load(string.dump(function() return 1 end), "x", "b")
return ui.text(tostring(f))
