-- attack: a snapshot name far longer than a file name may be
-- run: test $APP
-- file: app_test.lua
-- setup: printf 'local ui = require("theolua")\nreturn ui.text "NEW"\n' > app.lua
-- status: 0
-- stdout: 1 passed
local t = require("theolua.test")
t.test("snap", function()
  local app = t.mount("app.lua", { size = "10x1" })
  t.snapshot(app, ("a"):rep(5000))
  t.snapshot(app, ("a"):rep(4999) .. "b")
end)
