-- attack: a test mounting a Lua file outside the test's folder, to see it run
-- run: test $APP
-- file: app_test.lua
-- status: 1
-- stdout: t\.mount.*not allowed|cannot read
local t = require("theolua.test")
local outside = require("where")
t.test("mounts outside", function()
  local app = t.mount(outside .. "/secret.lua", { size = "20x1" })
  t.expect(app:screen()):toContain("x")
end)
