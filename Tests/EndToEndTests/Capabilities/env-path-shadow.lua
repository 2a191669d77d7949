-- attack: a PATH that puts a folder with its own ls first
-- run: render --allow-run=ls
-- setup: mkdir shadow && printf "#!/bin/sh\necho evil\n" > shadow/ls && chmod +x shadow/ls && echo "return '$DIR'" > here.lua
-- status: 0
-- stdout: could change what a granted command runs|would change which program
local ui = require("theolua")
local ok, err = pcall(ui.spawn, "ls", {}, { env = { PATH = require("here") .. "/shadow:/usr/bin:/bin" } })
return ui.text { ok and "ok" or tostring(err), wrap = "char" }
