-- attack: a path climbing to another program than the granted one
-- run: render --allow-run=ls
-- status: 0
-- stdout: not allowed
local ui = require("theolua")
local ok, err = pcall(ui.spawn, "../../../../../../bin/sh", { "-c", "echo evil" })
return ui.text { ok and "ran" or tostring(err), wrap = "char" }
