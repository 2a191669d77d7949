local t = require("theolua.test")

local notes = {
  ["notes/plan.md"] = "# Plan\n\n- [x] parse\n- [ ] draw\n\nSee **the list**.\n",
  ["notes/2026/march.md"] = "## March\n\nA *short* month of notes.\n",
  ["notes/skip.txt"] = "not markdown\n",
}

local function mounted(size)
  local dir = t.scratch(notes)
  local app = t.mount("mdview.lua", { size = size or "80x14", props = { folder = dir.path .. "/notes" },
    allow = { read = { dir.path } } })
  return app, dir
end

t.test("the files are the markdown notes, folders first", function()
  local app = mounted()
  t.expect(app:screen()):toContain("▸ 2026/")
  t.expect(app:screen()):toContain("plan.md")
  t.expect(app:screen()).never:toContain("skip.txt")
  t.expect(app:screen()):toContain("choose a note on the left")
end)

t.test("moving to a note shows it drawn as markdown", function()
  local app = mounted()
  app:press("down")
  t.expect(app:screen()):toContain("Plan")
  t.expect(app:screen()):toContain("☑ parse")
  t.expect(app:screen()):toContain("☐ draw")
  t.expect(app:screen()):toContain("See the list.")
end)

t.test("enter opens a folder, then a note, which then takes the keys", function()
  local app = mounted()
  app:press("enter", "down", "enter")
  t.expect(app:screen()):toContain("A short month of notes.")
  t.expect(app:screen()):toContain("march.md")
  app:press("ctrl+b")
  t.expect(app:screen()).never:toContain("plan.md")
end)

t.test("the palette counts the words in a toast, which goes after its time", function()
  local app = mounted()
  app:press("down", "ctrl+p")
  app:type("count")
  app:press("enter")
  t.expect(app:screen()):toContain("12 words")
  app:advance(5)
  t.expect(app:screen()).never:toContain("12 words")
end)

t.test("r reloads the note from the disk", function()
  local app, dir = mounted()
  app:press("down")
  dir:write("notes/plan.md", "# Plan, revised\n")
  app:press("r")
  t.expect(app:screen()):toContain("Plan, revised")
  t.expect(app:screen()):toContain("reloaded")
end)
