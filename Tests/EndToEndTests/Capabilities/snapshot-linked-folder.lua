-- attack: a __snapshots__ folder that is a link out of the test's folder
-- run: test $APP
-- file: app_test.lua
-- setup: printf 'local ui = require("theolua")\nreturn ui.text "NEW"\n' > app.lua && ln -s "$OUTSIDE" __snapshots__
-- status: 1
-- stdout: cannot write the snapshot.*symbolic link
-- outside-absent: app_test
local t = require("theolua.test")
t.test("snap", function() t.snapshot(t.mount("app.lua", { size = "10x1" })) end)
