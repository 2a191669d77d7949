-- attack: LD_LIBRARY_PATH to swap the libraries of a granted command
-- run: render --allow-run=ls
-- status: 0
-- stdout: could change what a granted command runs|would change which program
local ui = require("theolua")
local ok, err = pcall(ui.spawn, "ls", {}, { env = { LD_LIBRARY_PATH = "." } })
return ui.text { ok and "ok" or tostring(err), wrap = "char" }
