-- attack: a GitHub table of 8,000 columns whose 8,000 short rows the parser pads to full width (64 million cells from 48 KB)
-- status: 0
-- stdout: ^\|a\|a\|a
local ui = require("theolua")
local n = 8000
local text = ("|a"):rep(n) .. "|\n" .. ("|-"):rep(n) .. "|\n" .. ("x\n"):rep(n)
return ui.markdown { text }
