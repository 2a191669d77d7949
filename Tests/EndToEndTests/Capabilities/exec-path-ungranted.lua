-- attack: hand the terminal to a shell named by its path when only cat is granted
-- run: render --allow-run=cat
-- status: 0
-- stdout: --allow-run
local ui = require("theolua")
local ok, err = pcall(ui.exec, "/bin/sh", { "-c", "true" })
return ui.text { ok and "ok" or tostring(err), wrap = "char" }
