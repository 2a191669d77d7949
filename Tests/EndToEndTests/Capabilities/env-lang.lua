-- attack: none: LANG without a path is harmless
-- run: render --allow-run=ls
-- status: 0
-- stdout: ^ok
local ui = require("theolua")
local ok, err = pcall(ui.spawn, "ls", {}, { env = { LANG = "C.UTF-8" } })
return ui.text { ok and "ok" or tostring(err), wrap = "char" }
