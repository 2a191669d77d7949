-- attack: none: with every command granted, any environment
-- run: render --allow-run
-- status: 0
-- stdout: ^ok
local ui = require("theolua")
local ok, err = pcall(ui.spawn, "ls", {}, { env = { LD_PRELOAD = "" } })
return ui.text { ok and "ok" or tostring(err), wrap = "char" }
