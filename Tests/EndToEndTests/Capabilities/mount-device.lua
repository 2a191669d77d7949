-- attack: a test mounting /dev/zero
-- run: test $APP --allow-read
-- file: app_test.lua
-- status: 1
-- stdout: it is a device, not a file
local t = require("theolua.test")
t.test("mounts a device", function() t.mount("/dev/zero") end)
