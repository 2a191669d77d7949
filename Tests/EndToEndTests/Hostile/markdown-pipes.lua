-- attack: a table followed by a line of 200,000 pipes, which the parser reads in time that grows as its square
-- status: 0
-- stdout: \|\|\|\|
local ui = require("theolua")
return ui.markdown { "|a|\n|-|\n" .. ("|"):rep(200000) }
