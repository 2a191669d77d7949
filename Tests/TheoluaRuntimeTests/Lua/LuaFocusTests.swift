import Testing
import TheoluaCanvas
import TheoluaCore
import TheoluaRuntime

/// Focus from code: `self:focus(id)`, `autoFocus` turning true, `onFocus`/`onBlur`, and
/// the focus look of a box without a border (docs/lua-api.md, Focus).
@Suite struct LuaFocusTests {
    /// A search field and a list of two buttons; `/` focuses the field from an action,
    /// `esc` in the field focuses the first button from the controller.
    static let search = """
        local ui = require("theolua")
        return ui.component("Search", {
          initialState = function() return { query = "", note = "" } end,
          render = function(self)
            return ui.column { onKey = self:handler("key"),
              ui.button { "one", id = "first" },
              ui.button { "two" },
              ui.input { value = self.state.query, id = "query", onChange = self:handler("edit"),
                onFocus = self:handler("note", "in"), onBlur = self:handler("note", "out"),
                onKey = self:handler("leave") },
              ui.text("note: " .. self.state.note),
            }
          end,
          actions = {
            edit = function(self, value)
              self:updateState(function(s) return { query = value, note = s.note } end)
            end,
            note = function(self, what)
              self:updateState(function(s) return { query = s.query, note = s.note .. what .. " " } end)
            end,
            key = function(self, event)
              if event.name == "/" then self:focus("query"); return true end
              return false
            end,
          },
          controller = {
            actions = {
              leave = function(ctl, event)
                if event.name ~= "esc" then return false end
                ctl:focus("first")
                return true
              end,
            },
          },
        })
        """

    @Test func anActionMovesFocusToAnElementById() throws {
        let app = try LuaApp(Self.search, width: 20, height: 4)
        #expect(app.lines[0] == "[ one ]", "the first button has focus at first")
        app.press("/ text:abc")
        #expect(app.lines[2] == "abc", "typing reaches the input: \(app.lines)")
        #expect(app.lines[3] == "note: in")
        app.press("esc")
        app.press("text:x")
        #expect(app.lines[2] == "abc", "the input lost focus: \(app.lines)")
        #expect(app.lines[3] == "note: in out")
        #expect(app.errors() == [])
        #expect(app.warnings() == [])
    }

    @Test func focusWithoutAnIdTakesTheComponentsFirstFocusable() throws {
        let app = try LuaApp(
            """
            local ui = require("theolua")
            local Form = ui.component("Form", {
              initialState = function() return { text = "" } end,
              render = function(self)
                return ui.column { onKey = self:handler("key"),
                  ui.input { value = self.state.text, onChange = self:handler("edit") } }
              end,
              actions = {
                edit = function(self, text) self:updateState({ text = text }) end,
                key = function(self, e) if e.name == "ctrl+f" then self:focus(); return true end end,
              },
            })
            return ui.column { ui.button { "menu" }, Form {} }
            """, width: 20, height: 3)
        // The menu button has focus first; the form's `self:focus()` takes its input.
        app.press("ctrl+f text:z")
        #expect(app.lines[1] == "", "ctrl+f went to the menu button, not the form: \(app.lines)")
        app.press("tab ctrl+f text:y")
        #expect(app.lines[1] == "y")
        #expect(app.errors() == [])
    }

    @Test func anIdThatMatchesNothingWarnsAndKeepsFocus() throws {
        let app = try LuaApp(
            """
            local ui = require("theolua")
            return ui.component("App", {
              render = function(self)
                return ui.column { onKey = self:handler("key"), ui.input { value = "", id = "name" } }
              end,
              actions = { key = function(self, e) if e.name == "ctrl+f" then self:focus("nmae"); return true end end },
            })
            """, width: 20, height: 2)
        app.press("ctrl+f")
        #expect(
            app.warnings() == [
                #"App: focus: no focusable element with id "nmae" in what it rendered; focus stays where it is"#
            ])
    }

    @Test func focusOnAnElementMadeByTheSameUpdate() throws {
        let app = try LuaApp(
            """
            local ui = require("theolua")
            return ui.component("App", {
              initialState = function() return { editing = false, text = "" } end,
              render = function(self)
                local field = self.state.editing
                  and ui.input { value = self.state.text, id = "field", onChange = self:handler("edit") }
                  or ui.text "-"
                return ui.column { onKey = self:handler("key"), ui.button { "edit" }, field }
              end,
              actions = {
                edit = function(self, text) self:updateState({ editing = true, text = text }) end,
                key = function(self, e)
                  if e.name ~= "e" then return false end
                  self:updateState({ editing = true, text = "" })
                  self:focus("field")
                  return true
                end,
              },
            })
            """, width: 20, height: 2)
        app.press("e text:hi")
        #expect(app.lines == ["[ edit ]", "hi"])
    }

    @Test func autoFocusTurningTrueTakesFocusAgain() throws {
        let app = try LuaApp(
            """
            local ui = require("theolua")
            return ui.component("App", {
              initialState = function() return { second = false, a = "", b = "" } end,
              render = function(self)
                local s = self.state
                return ui.column { onKey = self:handler("key"),
                  ui.input { value = s.a, autoFocus = not s.second, onChange = self:handler("edit", "a") },
                  ui.input { value = s.b, autoFocus = s.second, onChange = self:handler("edit", "b") },
                }
              end,
              actions = {
                edit = function(self, which, text)
                  self:updateState(function(s)
                    local new = { second = s.second, a = s.a, b = s.b }
                    new[which] = text
                    return new
                  end)
                end,
                key = function(self, e)
                  if e.name ~= "ctrl+n" then return false end
                  self:updateState(function(s) return { second = not s.second, a = s.a, b = s.b } end)
                  return true
                end,
              },
            })
            """, width: 20, height: 2)
        app.press("text:1 ctrl+n text:2 ctrl+n text:3")
        #expect(app.lines == ["13", "2"])
    }

    @Test func aFocusedBoxWithoutABorderIsDrawnInverse() throws {
        let app = try LuaApp(
            """
            local ui = require("theolua")
            return ui.column {
              ui.box { focusable = true, ui.text "first" },
              ui.box { focusable = true, ui.text "second" },
            }
            """, width: 10, height: 2)
        let screen = app.runtime.screen
        #expect(screen[0, 0].style.attributes.contains(.inverse))
        #expect(screen[9, 0].style.attributes.contains(.inverse), "the whole row, not just the text")
        #expect(!screen[0, 1].style.attributes.contains(.inverse))
        app.press("tab")
        let moved = app.runtime.screen
        #expect(!moved[0, 0].style.attributes.contains(.inverse))
        #expect(moved[0, 1].style.attributes.contains(.inverse))
    }

    @Test func focusIsIgnoredAfterUnmountAndRejectsANonStringId() throws {
        let app = try LuaApp(
            """
            local ui = require("theolua")
            return ui.component("App", {
              render = function(self)
                return ui.column { onKey = self:handler("key"), ui.button { "x" } }
              end,
              actions = { key = function(self, e) self:focus(42) return true end },
            })
            """, width: 20, height: 2)
        app.press("a")
        let errors = app.errors()
        #expect(errors.count == 1)
        #expect(
            errors.first?.contains("app.lua:6: App: focus: expected an element id (a string), got number") == true,
            "\(errors)")
    }
}
