local t = require("theolua.test")

t.test("shows the repository holding the examples", function()
  local app = t.mount("git.lua", { size = "80x20", allow = { run = true, read = true } })
  local state = app:find("GitDashboard").state
  t.expect(state.branch).never:toBe("…")
  t.expect(#state.log > 0):toBe(true)
  t.expect(app:screen()):toContain("history")
end)
