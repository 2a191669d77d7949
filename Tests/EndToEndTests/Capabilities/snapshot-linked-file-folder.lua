-- attack: the test file's snapshot folder is a link out
-- run: test $APP
-- file: app_test.lua
-- setup: printf 'local ui = require("theolua")\nreturn ui.text "NEW"\n' > app.lua && mkdir __snapshots__ && ln -s "$OUTSIDE" __snapshots__/app_test
-- status: 1
-- stdout: cannot write the snapshot.*symbolic link
-- outside-absent: snap.txt
local t = require("theolua.test")
t.test("snap", function() t.snapshot(t.mount("app.lua", { size = "10x1" })) end)
