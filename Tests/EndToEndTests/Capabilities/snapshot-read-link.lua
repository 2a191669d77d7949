-- attack: a stored snapshot that is a link to a secret, to see it in the difference
-- run: test $APP
-- file: app_test.lua
-- setup: printf 'local ui = require("theolua")\nreturn ui.text "NEW"\n' > app.lua && mkdir -p __snapshots__/app_test && ln -s "$OUTSIDE/secret.txt" __snapshots__/app_test/snap.txt
-- status: 0
local t = require("theolua.test")
t.test("snap", function() t.snapshot(t.mount("app.lua", { size = "10x1" })) end)
