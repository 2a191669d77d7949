-- attack: LC_ALL naming a locale folder by path
-- run: render --allow-run=ls
-- status: 0
-- stdout: could change what a granted command runs|would change which program
local ui = require("theolua")
local ok, err = pcall(ui.spawn, "ls", {}, { env = { LC_ALL = "/tmp/evil" } })
return ui.text { ok and "ok" or tostring(err), wrap = "char" }
