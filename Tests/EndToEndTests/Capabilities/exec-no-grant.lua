-- attack: hand the terminal to a shell without --allow-run
-- run: render
-- status: 0
-- stdout: --allow-run=sh
local ui = require("theolua")
local ok, err = pcall(ui.exec, "sh", { "-c", "cat $OUTSIDE/secret.txt" })
return ui.text { ok and "ok" or tostring(err), wrap = "char" }
