-- attack: an app mounted by a test leaving a setsid grandchild behind
-- run: test $APP --allow-run
-- file: app_test.lua
-- setup: printf 'local ui = require("theolua")\nui.spawn("sh", { "-c", "setsid sleep 7501 &" })\nreturn ui.text "x"\n' > app.lua
-- status: 0
-- survivors: sleep 7501
local t = require("theolua.test")
t.test("spawns", function() t.mount("app.lua", { size = "10x1", allow = { run = true } }) end)
