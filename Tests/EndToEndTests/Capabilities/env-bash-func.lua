-- attack: an exported bash function overriding a command
-- run: render --allow-run=ls
-- status: 0
-- stdout: could change what a granted command runs|would change which program
local ui = require("theolua")
local ok, err = pcall(ui.spawn, "ls", {}, { env = { ["BASH_FUNC_ls%%"] = "() { echo evil; }" } })
return ui.text { ok and "ok" or tostring(err), wrap = "char" }
