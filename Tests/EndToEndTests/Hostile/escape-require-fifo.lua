-- attack: require of a FIFO
-- status: 1
-- stderr: require: cannot read .*pipe\.lua: it is a FIFO
-- fifo: pipe.lua
local ui = require("theolua")
return require("pipe")
