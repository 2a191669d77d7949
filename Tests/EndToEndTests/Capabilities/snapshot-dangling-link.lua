-- attack: a dangling link where a snapshot goes, to create a file anywhere
-- run: test $APP
-- file: app_test.lua
-- setup: printf 'local ui = require("theolua")\nreturn ui.text "NEW"\n' > app.lua && mkdir -p __snapshots__/app_test && ln -s "$OUTSIDE/created.txt" __snapshots__/app_test/snap.txt
-- status: 0
-- outside-absent: created.txt
local t = require("theolua.test")
t.test("snap", function() t.snapshot(t.mount("app.lua", { size = "10x1" })) end)
