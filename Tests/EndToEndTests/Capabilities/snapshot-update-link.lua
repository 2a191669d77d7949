-- attack: --update on a snapshot that is a link, to overwrite its target
-- run: test $APP --update
-- file: app_test.lua
-- setup: printf 'local ui = require("theolua")\nreturn ui.text "NEW"\n' > app.lua && mkdir -p __snapshots__/app_test && ln -s "$OUTSIDE/victim.txt" __snapshots__/app_test/snap.txt
-- status: 0
-- outside-unchanged: victim.txt
local t = require("theolua.test")
t.test("snap", function() t.snapshot(t.mount("app.lua", { size = "10x1" })) end)
