-- theolua test Examples/notes_test.lua --allow-run=true
-- (`true` stands in for the editor: it exits at once, changing nothing.)
local t = require("theolua.test")

-- Each test works on a scratch folder of notes of its own, granted to the app: the
-- example's own notes stay as they are.
local function notes()
  return t.scratch({ ["a.md"] = "first note", ["b.md"] = "second note", ["skip.png"] = "not a note" })
end

local function mount(dir, options)
  options = options or {}
  return t.mount("notes.lua", {
    size = "60x10",
    props = { folder = dir.path, editor = options.editor },
    allow = { read = { dir.path }, write = { dir.path }, run = options.editor ~= nil },
  })
end

t.test("lists the notes and shows the first", function()
  local app = mount(notes())
  t.expect(app:screen()):toContain("a.md")
  t.expect(app:screen()):toContain("b.md")
  t.expect(app:screen()).never:toContain("skip.png")
  t.expect(app:screen()):toContain("first note")
  t.snapshot(app)
end)

t.test("ctrl+s saves what was typed, and nothing is saved before", function()
  local dir = notes()
  local app = mount(dir)
  app:press("ctrl+end"):type(" and more")
  t.expect(dir:read("a.md")):toBe("first note")
  t.expect(app:screen()):toContain("● 2 notes")
  app:press("ctrl+s")
  t.expect(dir:read("a.md")):toBe("first note and more")
  t.expect(app:screen()):toContain("saved a.md")
end)

t.test("moving through the list opens each note", function()
  local app = mount(notes())
  app:press("backtab", "down")
  t.expect(app:screen()):toContain("second note")
end)

t.test("ctrl+n asks for a name and makes the note", function()
  local dir = notes()
  local app = mount(dir)
  app:press("ctrl+n"):type("plans"):press("enter")
  t.expect(dir:read("plans.md")):toBe("")
  t.expect(app:screen()):toContain("new note plans.md")
  app:type("ship it"):press("ctrl+s")
  t.expect(dir:read("plans.md")):toBe("ship it")
end)

t.test("esc closes the new-note dialog and makes nothing", function()
  local dir = notes()
  local app = mount(dir)
  app:press("ctrl+n"):type("never"):press("esc")
  t.expect(dir:read("never.md")):toBe(nil)
  t.expect(app:screen()).never:toContain("New note")
end)

t.test("ctrl+o hands the note to the editor and reads it again after", function()
  local dir = notes()
  local app = mount(dir, { editor = "true" })
  app:press("ctrl+o")
  local programs = app:programs()
  t.expect(#programs):toBe(1)
  t.expect(programs[1]):toEqual({ command = "true", args = { "a.md" } })
  -- What the editor would do: change the file, then exit.
  dir:write("a.md", "edited elsewhere")
  app:finishProgram(0)
  t.expect(app:screen()):toContain("edited elsewhere")
  t.expect(app:screen()):toContain("edited a.md")
end)

t.test("without a write grant, saving says which flag would allow it", function()
  local dir = notes()
  local app = t.mount("notes.lua", { size = "80x10", props = { folder = dir.path }, allow = { read = { dir.path } } })
  app:press("ctrl+s")
  t.expect(app:screen()):toContain("--allow-write")
end)
