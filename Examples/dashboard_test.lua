-- Tests of dashboard.lua, run by `theolua test Examples` (and by the project's suite).
local t = require("theolua.test")

t.test("the jobs move on with the clock and finish", function()
  local app = t.mount("dashboard.lua", { size = "60x12" })
  app:advance(10)
  t.expect(app:screen()):toContain("1 of 6 jobs")
  t.expect(app:screen()):toMatch("compile core [^\n]-83%%")
  app:advance(30)
  t.expect(app:screen()):toContain("✓ finished")
  t.expect(app:screen()):toContain("6 of 6 jobs")
end)

t.test("p pauses and the tabs switch from anywhere", function()
  local app = t.mount("dashboard.lua", { size = "60x12" })
  app:advance(5)
  app:press("p")
  app:advance(10)
  t.expect(app:find("Dashboard").state.tick):toBe(5)
  app:press("right")               -- the tab bar has focus; the table takes it when it mounts
  t.expect(app:screen()):toContain("compile core                                running")
  app:press("right")               -- from the table, the key reaches the dashboard
  t.expect(app:find("Dashboard").state.tab):toBe(3)
  t.snapshot(app)
end)
