-- attack: HOME, where config files name programs to run (git's core.pager)
-- run: render --allow-run=ls
-- status: 0
-- stdout: could change what a granted command runs|would change which program
local ui = require("theolua")
local ok, err = pcall(ui.spawn, "ls", {}, { env = { HOME = "." } })
return ui.text { ok and "ok" or tostring(err), wrap = "char" }
