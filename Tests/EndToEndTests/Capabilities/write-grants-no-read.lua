-- attack: read back with only a write grant
-- run: render --allow-write=$DIR/data
-- setup: mkdir data && echo inside > data/f
-- status: 0
-- stdout: ^ui.readFile: reading
local ui = require("theolua")
ui.writeFile("data/g", "written")
local ok, err = pcall(ui.readFile, "data/g")
return ui.text { ok and "read" or err, wrap = "none" }
