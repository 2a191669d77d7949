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

t.test("a click on a title sorts; a click selects a row and a second one picks it", function()
  local app = t.mount("files.lua", { size = "60x10" })
  app:click(2, 1):click(2, 1)
  t.expect(app:find("Files").state):toEqual({ column = 1, descending = true })
  app:click(5, 3)
  t.expect(app:screen()):toContain("enter shows a file")
  app:wheel("down", 5, 3):wheel("up", 5, 3)
  app:click(5, 3)
  t.expect(app:screen()):toContain(" · ")
  t.expect(app:find("Files").state.picked):toBe(2)
end)
