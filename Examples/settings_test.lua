-- Tests of settings.lua, run by `theolua test Examples` (and by the project's suite).
local t = require("theolua.test")

t.test("every field edits the form's state", function()
  local app = t.mount("settings.lua", { size = "60x20" })
  app:press("ctrl+u", "text:Grace", "tab", "tab")          -- name, then on to the select
  app:press("enter", "down", "down", "enter")              -- Deutsch
  app:press("tab", "space", "tab", "space")                -- untick releases, tick dusk
  app:press("tab", "ctrl+end", "enter", "text:Likes", "space", "text:music.")
  local state = app:find("Settings").state
  t.expect(state.name):toBe("Grace")
  t.expect(state.language):toBe("Deutsch")
  t.expect(state.releases):toBe(false)
  t.expect(state.dusk):toBe(true)
  t.expect(state.about):toBe("Writes notes on the analytical engine.\nLikes music.")
  t.snapshot(app)
end)

t.test("save asks first, and esc cancels", function()
  local app = t.mount("settings.lua", { size = "60x20" })
  app:press("ctrl+s")
  t.expect(app:screen()):toContain("Save the settings of Ada Lovelace?")
  t.expect(app:screen()):toContain("esc cancel")
  app:press("esc")
  t.expect(app:screen()):toContain("not saved yet")
  app:press("ctrl+s", "enter")
  t.expect(app:screen()):toContain("saved 1 time")
  t.expect(app:find("Settings").state.confirming):toBe(false)
end)

t.test("the footer follows focus", function()
  local app = t.mount("settings.lua", { size = "60x20" })
  t.expect(app:screen()):toMatch("tab next  ctrl%+s save")
  app:press("tab", "tab", "tab", "tab", "tab")
  t.expect(app:screen()):toMatch("enter new line  tab next  ctrl%+s save")
end)
