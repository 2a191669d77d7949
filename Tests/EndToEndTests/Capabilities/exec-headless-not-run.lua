-- attack: a program asked for in render, which has no terminal to lend, writing outside
-- run: render --allow-run=sh
-- status: 0
-- stderr: did not run: render has no terminal
-- outside-absent: created.txt
local ui = require("theolua")
local where = require("where")
ui.exec("sh", { "-c", "echo x > " .. where .. "/created.txt" }, { onExit = function() print("ran") end })
return ui.text "asked"
