-- attack: none: a PATH that finds the granted ls where it was
-- run: render --allow-run=ls
-- status: 0
-- stdout: ^ok
local ui = require("theolua")
local ok, err = pcall(ui.spawn, "ls", {}, { env = { PATH = "/usr/bin:/bin" } })
return ui.text { ok and "ok" or tostring(err), wrap = "char" }
