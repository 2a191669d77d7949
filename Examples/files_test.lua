local t = require("theolua.test")

t.test("sorts by name from the title", function()
  local app = t.mount("files.lua", { size = "60x10" })
  app:press("backtab", "backtab", "backtab", "enter")
  t.expect(app:find("Files").state):toEqual({ column = 1, descending = false })
  t.snapshot(app)
end)

t.test("shows files given as props", function()
  local app = t.mount("files.lua", {
    size = "50x8",
    props = { files = { { name = "README.md", size = 4200 }, { name = "Package.swift", size = 3100 } } },
  })
  t.expect(app:screen()):toContain("README.md")
  t.expect(app:screen()):toContain("Package.swift")
end)
