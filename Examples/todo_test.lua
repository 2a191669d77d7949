local t = require("theolua.test")

t.test("adds a todo and toggles it", function()
  local app = t.mount("todo.lua", { size = "60x14" })
  app:type("buy milk\n")
  t.expect(app:screen()):toContain("buy milk")
  t.expect(#app:find("Todo").state.items):toBe(4)
  app:press("tab", "enter")  -- the first item's button
  t.expect(app:find("TodoItem", 1).props.done):toBe(true)
  t.snapshot(app)
end)

t.test("starts from its props", function()
  local app = t.mount("todo.lua", { size = "40x8", props = { title = "errands", items = { "post office" } } })
  t.expect(app:screen()):toContain("errands")
  t.expect(app:screen()):toContain("post office")
end)

t.test("takes a pasted line as one edit", function()
  local app = t.mount("todo.lua", { size = "60x14" })
  app:paste("call the\nplumber")
  app:press("enter")
  t.expect(app:screen()):toContain("call the plumber")
end)
