-- attack: a process's stdin option larger than a process's input may hold
-- run: render --allow-run=cat --max-memory 256
-- status: 0
-- stdout: more than the 64 MiB a process's input may hold
local ui = require("theolua")
local ok, err = pcall(ui.spawn, "cat", {}, { stdin = ("x"):rep(65 << 20) })
return ui.text { tostring(err), wrap = "char" }
