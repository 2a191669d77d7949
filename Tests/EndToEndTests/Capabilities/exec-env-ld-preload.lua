-- attack: LD_PRELOAD into the program given the terminal
-- run: render --allow-run=cat
-- status: 0
-- stdout: could change what a granted command runs|would change which program
local ui = require("theolua")
local ok, err = pcall(ui.exec, "cat", {}, { env = { LD_PRELOAD = "./evil.so" } })
return ui.text { ok and "ok" or tostring(err), wrap = "char" }
