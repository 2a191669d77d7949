-- attack: none: tests in a folder beside the app mount it with ../
-- run: test $DIR/tests
-- file: app_test.lua
-- setup: mkdir tests && mv "$APP" tests/ && printf 'local ui = require("theolua")\nreturn ui.text "hello"\n' > app.lua
-- status: 0
-- stdout: 1 passed, 0 failed
local t = require("theolua.test")
t.test("mounts the app", function()
  local app = t.mount("../app.lua", { size = "20x1" })
  t.expect(app:screen()):toContain("hello")
end)
