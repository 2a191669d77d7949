local t = require("theolua.test")

t.test("the uptime ticks with the virtual clock", function()
  local app = t.mount("clock.lua", { size = "64x14" })
  app:advance(65)
  t.expect(app:screen()):toContain("0h 01m 05s")
  -- os.time and os.date follow the virtual clock too, from 2000-01-01 00:00:00 UTC.
  t.expect(app:screen()):toContain("2000-01-01  00:01:05")
  t.expect(app:find("Dashboard").state.ticks):toBe(65)
end)
