-- attack: GCONV_PATH, which makes iconv load a module
-- run: render --allow-run=ls
-- status: 0
-- stdout: could change what a granted command runs|would change which program
local ui = require("theolua")
local ok, err = pcall(ui.spawn, "ls", {}, { env = { GCONV_PATH = "." } })
return ui.text { ok and "ok" or tostring(err), wrap = "char" }
