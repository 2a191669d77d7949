-- attack: string.rep of a gigabyte
-- run: render --max-memory 64
-- status: 1
-- stderr: app\.lua:\d+: .*memory limit of 64 MiB exceeded
local ui = require("theolua")
local s = string.rep("x", 1 << 30)
return ui.text "x"
