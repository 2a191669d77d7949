-- attack: a 60 MB text
-- run: render --max-memory 256
-- status: 1
-- stderr: app\.lua:6: (ui\.text: the elements mounted would hold more than \d+ MiB of text|the call ran for more than 1 s|memory limit)
local ui = require("theolua")
return ui.text(string.rep("x", 60000000))
