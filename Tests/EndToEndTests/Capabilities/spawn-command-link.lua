-- attack: a link named like a granted command that leads to another program
-- run: render --allow-run=ls
-- setup: ln -s /bin/sh ls
-- status: 0
-- stdout: not allowed
local ui = require("theolua")
local ok, err = pcall(ui.spawn, "./ls", { "-c", "echo evil" })
return ui.text { ok and "ran" or tostring(err), wrap = "char" }
