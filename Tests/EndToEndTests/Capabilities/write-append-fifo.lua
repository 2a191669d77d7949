-- attack: appendFile on a FIFO nobody reads, and on a device, to hang or reach a device
-- run: render --allow-write --max-instructions 2000000000
-- setup: mkdir data && mkfifo data/pipe && ln -s /dev/null data/null
-- status: 0
-- stdout: ^fifo refused device refused
local ui = require("theolua")
local fifo = pcall(ui.appendFile, "data/pipe", "x")
local device = pcall(ui.appendFile, "/dev/null", "x")
return ui.text(("fifo %s device %s"):format(fifo and "written" or "refused", device and "written" or "refused"))
