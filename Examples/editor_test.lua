-- theolua test Examples/editor_test.lua
local t = require("theolua.test")

local source = "local n = 1 -- one\nreturn n\n"

-- Each test edits a file of a scratch folder of its own, granted to the app.
local function open(files)
  local dir = t.scratch(files or { ["a.lua"] = source })
  local app = t.mount("editor.lua", {
    size = "50x9",
    props = { file = dir.path .. "/a.lua" },
    allow = { read = { dir.path }, write = { dir.path } },
  })
  return app, dir
end

t.test("shows the file numbered and colored, and where the cursor is", function()
  local app = open()
  t.expect(app:screen()):toContain(" 1 local n = 1 -- one")
  t.expect(app:screen()):toContain(" 2 return n")
  t.expect(app:screen()):toContain("Ln 1, Col 1")
  -- Keywords bold magenta, numbers cyan, the comment gray.
  t.expect(app:screen({ ansi = true })):toContain("1;35mreturn")
  t.expect(app:screen({ ansi = true })):toContain("\27[36m1")
  t.expect(app:screen({ ansi = true })):toContain("\27[3;90m-- one")
  t.snapshot(app)
end)

t.test("a string is colored whole, and a comment marker inside it is no comment", function()
  local app = open({ ["a.lua"] = 'print("a -- b", \'c\\\'d\') -- e\n' })
  t.expect(app:screen({ ansi = true })):toContain('\27[32m"a -- b"')
  t.expect(app:screen({ ansi = true })):toContain("\27[32m'c\\'d'")
  t.expect(app:screen({ ansi = true })):toContain("\27[3;90m-- e")
end)

t.test("ctrl+s saves the edit, and the status says it changed until then", function()
  local app, dir = open()
  app:press("down", "end"):type(" + 1")
  t.expect(app:screen()):toContain("● ")
  t.expect(app:screen()):toContain("Ln 2, Col 13")
  t.expect(dir:read("a.lua")):toBe(source)
  app:press("ctrl+s")
  t.expect(dir:read("a.lua")):toBe("local n = 1 -- one\nreturn n + 1\n")
  t.expect(app:screen()):toContain("saved 3 lines")
  t.expect(app:screen()).never:toContain("● ")
end)

t.test("undo takes the edit back, redo brings it again", function()
  local app, dir = open()
  app:press("ctrl+end"):type("print(n)")
  app:press("ctrl+z")
  app:press("ctrl+s")
  t.expect(dir:read("a.lua")):toBe(source)
  app:press("ctrl+y", "ctrl+s")
  t.expect(dir:read("a.lua")):toBe(source .. "print(n)")
end)

t.test("a selection made with the mouse is cut and pasted", function()
  local app, dir = open()
  -- "local" on row 1, after the border and the gutter of three cells: columns 4 to 8.
  app:press("mousedown:4,1", "drag:10,1", "mouseup:10,1", "ctrl+x")
  t.expect(app:clipboard()):toBe("local ")
  app:press("ctrl+end"):press("ctrl+v"):press("ctrl+s")
  t.expect(dir:read("a.lua")):toBe("n = 1 -- one\nreturn n\nlocal ")
end)

t.test("a file that does not exist yet is made by the first save", function()
  local app, dir = open({})
  t.expect(app:screen()):toContain("a new file")
  app:type("return 42"):press("ctrl+s")
  t.expect(dir:read("a.lua")):toBe("return 42")
end)
