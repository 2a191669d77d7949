local t = require("theolua.test")

t.test("the counter's presses reach the activity log", function()
  local app = t.mount("demo.lua")
  app:press("enter", "enter")
  t.expect(app:find("Counter").state.count):toBe(2)
  t.expect(app:screen()):toContain("count +1 → 2")
end)
