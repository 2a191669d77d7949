-- attack: BASH_ENV, run by a granted shell script
-- run: render --allow-run=ls
-- status: 0
-- stdout: could change what a granted command runs|would change which program
local ui = require("theolua")
local ok, err = pcall(ui.spawn, "ls", {}, { env = { BASH_ENV = "./evil.sh" } })
return ui.text { ok and "ok" or tostring(err), wrap = "char" }
