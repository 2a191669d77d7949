local t = require("theolua.test")

t.test("the uptime ticks with the virtual clock", function()
  local app = t.mount("clock.lua", { size = "64x14" })
  app:advance(65)
  t.expect(app:screen()):toContain("0h 01m 05s")
  t.expect(app:find("Dashboard").state.ticks):toBe(65)
end)
