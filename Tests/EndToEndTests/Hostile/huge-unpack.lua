-- attack: table.unpack of a huge range
-- status: 1
-- stderr: too many results to unpack
local ui = require("theolua")
return ui.text(select("#", table.unpack({}, 1, 1e8)))
