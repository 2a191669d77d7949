local t = require("theolua.test")

t.test("shows the log and filters it", function()
  local app = t.mount("tail.lua", { size = "72x10", allow = { read = true } })
  t.expect(app:screen()):toContain("10 lines")
  app:type("error")
  t.expect(app:screen()):toContain("2 lines")
  t.snapshot(app)
end)
