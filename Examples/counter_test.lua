-- Tests of counter.lua, run by `theolua test Examples` (and by the project's suite).
local t = require("theolua.test")

t.test("counts up and down by the step", function()
  local app = t.mount("counter.lua", { size = "60x8", props = { step = 5 } })
  app:press("+", "+", "-")
  t.expect(app:screen()):toContain("Clicks: 5")
  t.expect(app:find("Counter").state):toEqual({ count = 5 })
end)

t.test("the buttons press with enter", function()
  local app = t.mount("counter.lua", { size = "60x8" })
  app:press("enter", "enter", "tab", "tab", "enter")  -- + twice, then reset
  t.expect(app:find("Counter").state.count):toBe(0)
  t.snapshot(app)
end)

t.test("the buttons press with a click", function()
  local app = t.mount("counter.lua", { size = "60x8" })
  app:click(3, 2):click(3, 2):click(9, 2)
  t.expect(app:find("Counter").state.count):toBe(1)
  app:click(16, 2)
  t.expect(app:find("Counter").state.count):toBe(0)
end)
