-- attack: a link to the folder above inside the tests' folder, to make the search endless
-- run: test $DIR
-- file: app_test.lua
-- setup: mkdir -p sub && ln -s .. sub/up && ln -s . loop
-- status: 0
-- stdout: 1 passed, 0 failed
local t = require("theolua.test")
t.test("runs once", function() t.expect(1):toBe(1) end)
