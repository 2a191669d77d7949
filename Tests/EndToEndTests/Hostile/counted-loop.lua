-- attack: a runaway loop with instructions counted exactly
-- run: render --max-instructions 100000
-- status: 1
-- stderr: ^app\.lua:6: instruction budget of 100000 exceeded
local ui = require("theolua")
while true do end
return ui.text("x")
