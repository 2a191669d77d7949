-- attack: a snapshot name that climbs out of __snapshots__
-- run: test $APP
-- file: app_test.lua
-- setup: printf 'local ui = require("theolua")\nreturn ui.text "NEW"\n' > app.lua
-- status: 0
-- stdout: 1 passed
-- outside-absent: evil.txt
local t = require("theolua.test")
local outside = require("where")
t.test("snap", function() t.snapshot(t.mount("app.lua", { size = "10x1" }), "../../../../../../.." .. outside .. "/evil") end)
