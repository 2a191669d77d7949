-- attack: none: TERM is harmless
-- run: render --allow-run=ls
-- status: 0
-- stdout: ^ok
local ui = require("theolua")
local ok, err = pcall(ui.spawn, "ls", {}, { env = { TERM = "dumb" } })
return ui.text { ok and "ok" or tostring(err), wrap = "char" }
