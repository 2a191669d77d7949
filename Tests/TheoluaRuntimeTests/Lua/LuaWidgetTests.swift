import Testing
import TheoluaCanvas
import TheoluaCore

@testable import TheoluaRuntime

/// PRODUCT.md §5, the built-in widgets, and the theme they read.
@Suite struct LuaWidgetTests {
    static let settings = """
        local ui = require("theolua")
        local App = ui.component("App", {
          initialState = function() return { wrap = true, numbers = false } end,
          render = function(self)
            local s = self.state
            return ui.column {
              ui.checkbox { "wrap lines", checked = s.wrap, onChange = self:handler("set", "wrap") },
              ui.checkbox { "line numbers", checked = s.numbers, onChange = self:handler("set", "numbers") },
            }
          end,
          actions = {
            set = function(self, name, value)
              self:updateState(function(s)
                local copy = { wrap = s.wrap, numbers = s.numbers }
                copy[name] = value
                return copy
              end)
            end,
          },
        })
        return App {}
        """

    @Test func aCheckboxTogglesWithSpaceEnterAndClicks() throws {
        let app = try LuaApp(Self.settings, width: 20, height: 2)
        expectScreen(app, ["[x] wrap lines", "[ ] line numbers"])
        app.press("space")
        expectScreen(app, ["[ ] wrap lines", "[ ] line numbers"])
        app.press("tab")
        app.press("enter")
        expectScreen(app, ["[ ] wrap lines", "[x] line numbers"])
        try app.runtime.send(keys: "click:2,0")
        expectScreen(app, ["[x] wrap lines", "[x] line numbers"])
        // The click focused the first; the focused checkbox is drawn in inverse video.
        #expect(app.runtime.screen[5, 0].style.attributes.contains(.inverse))
        #expect(!app.runtime.screen[5, 1].style.attributes.contains(.inverse))
        #expect(app.errors() == [])
    }

    @Test func theThemeColoursTheWidgetsAndAProvidedOneRestylesThem() throws {
        let app = try LuaApp(
            """
            local ui = require("theolua")
            return ui.column {
              ui.checkbox { "default", checked = true },
              ui.theme.provide { value = { accent = "magenta" }, ui.checkbox { "themed", checked = true } },
            }
            """, width: 20, height: 2)
        expectScreen(app, ["[x] default", "[x] themed"])
        #expect(app.runtime.screen[1, 0].style.foreground == .cyan)
        #expect(app.runtime.screen[1, 1].style.foreground == .magenta)
        #expect(app.errors() == [])
    }

    @Test func aProgressBarFillsItsWidthInEighthsOfACell() throws {
        let app = try LuaApp(
            """
            local ui = require("theolua")
            return ui.column {
              ui.progress { value = 0 },
              ui.progress { value = 0.33, label = "33%" },
              ui.progress { value = 1, label = "done" },
              ui.row { ui.text "cpu ", ui.progress { value = 0.42, width = 12 } },
            }
            """, width: 24, height: 4)
        expectScreen(app, ["", "██████▋              33%", "███████████████████ done", "cpu █████"])
        // The filled part takes the accent, the track the muted color as background.
        #expect(app.runtime.screen[0, 1].style.foreground == .cyan)
        #expect(app.runtime.screen[10, 1].style.background == .gray)
        #expect(app.errors() == [])
    }

    @Test func eighthsOfACellStepSmoothly() {
        let steps = (0...8).map { ProgressBar(value: Double($0) / 16).cells(width: 2) }
        #expect(steps == ["  ", "▏ ", "▎ ", "▍ ", "▌ ", "▋ ", "▊ ", "▉ ", "█ "])
        #expect(ProgressBar(value: .nan).cells(width: 3) == "   ")
        #expect(ProgressBar(value: 7).cells(width: 3) == "███")
    }

    @Test func aSpinnerStepsOnTheClockWhileMountedAndRepaintsItsCellsOnly() throws {
        let app = try LuaApp(
            """
            local ui = require("theolua")
            local App = ui.component("App", {
              initialState = function() return { busy = true } end,
              render = function(self)
                return ui.column { onKey = self:handler("stop"),
                  ui.text "a long line above the spinner",
                  self.state.busy and ui.spinner { label = "loading" } or ui.text "done",
                }
              end,
              actions = { stop = function(self) self:updateState({ busy = false }) return true end },
            })
            return App {}
            """, width: 30, height: 2)
        expectScreen(app, ["a long line above the spinner", "⠋ loading"])
        app.advance(0.08)
        expectScreen(app, ["a long line above the spinner", "⠙ loading"])
        app.advance(0.16)
        #expect(app.runtime.lines[1] == "⠸ loading")
        #expect(app.runtime.host.canvas.lastDamage == [Rect(x: 0, y: 1, width: 1, height: 1)])
        app.press("s")
        expectScreen(app, ["a long line above the spinner", "done"])
        // The spinner's timer went with it.
        #expect((app.runtime.runLoop as? ManualRunLoop)?.nextDeadline == nil)
        #expect(app.errors() == [])
    }

    @Test func tabsSwitchWithArrowsNumbersAndClicks() throws {
        let app = try LuaApp(
            """
            local ui = require("theolua")
            local App = ui.component("App", {
              initialState = function() return { tab = 1 } end,
              render = function(self)
                return ui.tabs { selected = self.state.tab, onChange = self:handler("pick"),
                  { title = "General", ui.text "name: theolua" },
                  { title = "Keys", ui.text "ctrl+s saves" },
                  { title = "About", ui.text "a text UI runtime" },
                }
              end,
              actions = { pick = function(self, tab) self:updateState({ tab = tab }) end },
            })
            return App {}
            """, width: 30, height: 2)
        expectScreen(app, [" General │ Keys │ About", "name: theolua"])
        #expect(app.runtime.screen[1, 0].style.attributes.contains(.bold))
        app.press("right")
        expectScreen(app, [" General │ Keys │ About", "ctrl+s saves"])
        app.press("3")
        expectScreen(app, [" General │ Keys │ About", "a text UI runtime"])
        app.press("right")
        expectScreen(app, [" General │ Keys │ About", "name: theolua"])
        app.press("left")
        expectScreen(app, [" General │ Keys │ About", "a text UI runtime"])
        try app.runtime.send(keys: "click:12,0")
        expectScreen(app, [" General │ Keys │ About", "ctrl+s saves"])
        #expect(app.errors() == [])
    }

    static let select = """
        local ui = require("theolua")
        local App = ui.component("App", {
          initialState = function() return { colour = "green" } end,
          render = function(self)
            return ui.column {
              ui.text "Colour:",
              ui.select { options = { "red", "green", "blue" }, value = self.state.colour,
                onChange = self:handler("pick") },
              ui.text("picked " .. self.state.colour),
            }
          end,
          actions = { pick = function(self, colour) self:updateState({ colour = colour }) end },
        })
        return App {}
        """

    @Test func aSelectOpensItsOptionsInALayerAndPicksOne() throws {
        let app = try LuaApp(Self.select, width: 24, height: 8)
        expectScreen(app, ["Colour:", "┏━━━━━━━┓", "┃green ▾┃", "┗━━━━━━━┛", "picked green", "", "", ""])
        app.press("enter")
        expectScreen(
            app,
            ["Colour:", "┌───────┐", "│green ▾│", "┌───────┐", "│red    │een", "│green  │", "│blue   │", "└───────┘"])
        #expect(app.runtime.screen[1, 5].style.background == .blue)
        app.press("down")
        app.press("enter")
        expectScreen(app, ["Colour:", "┏━━━━━━━┓", "┃blue  ▾┃", "┗━━━━━━━┛", "picked blue", "", "", ""])
        // Esc closes without picking, and the field has focus again (bold border).
        app.press("space")
        app.press("up")
        app.press("esc")
        expectScreen(app, ["Colour:", "┏━━━━━━━┓", "┃blue  ▾┃", "┗━━━━━━━┛", "picked blue", "", "", ""])
        // The mouse: a click opens it, a click on an option picks it.
        try app.runtime.send(keys: "click:2,2 click:2,4")
        expectScreen(app, ["Colour:", "┏━━━━━━━┓", "┃red   ▾┃", "┗━━━━━━━┛", "picked red", "", "", ""])
        #expect(app.errors() == [])
    }

    @Test func badWidgetPropsAreScriptErrors() {
        for (body, message) in [
            ("ui.checkbox { \"a\", checked = 1 }", "checked"), ("ui.progress { value = 2 }", "value"),
            ("ui.progress { label = \"x\" }", "value"),
            ("ui.tabs { { ui.text \"no title\" } }", "tabs: item 1"),
            ("ui.tabs { \"plain\" }", "tabs: item 1: expected a table"),
            ("ui.select { options = { 1 } }", "options"), ("ui.select { value = \"a\" }", "options"),
        ] {
            let failure = luaFailure("local ui = require(\"theolua\")\nreturn \(body)\n")
            #expect(failure?.contains(message) == true, "\(body): \(failure ?? "no error")")
        }
    }
}

/// `ui.keyhints` and the `keys` prop.
@Suite struct LuaKeyHintsTests {
    static let app = """
        local ui = require("theolua")
        return ui.component("App", {
          initialState = function() return { dialog = false, saved = false } end,
          actions = {
            key = function(self, key)
              local s = self.state
              if key.name == "ctrl+o" then self:updateState { dialog = true, saved = s.saved } return true end
              if key.name == "ctrl+s" then self:updateState { dialog = s.dialog, saved = true } return true end
            end,
            close = function(self) self:updateState { dialog = false, saved = self.state.saved } end,
          },
          render = function(self)
            local rootKeys = { { "ctrl+s", self.state.saved and "saved" or "save" }, { "ctrl+o", "open" } }
            return ui.column { keys = rootKeys, onKey = self:handler("key"),
              ui.row { keys = { enter = "open", d = "delete" },
                ui.button { "files", keys = { r = "rename" } },
                ui.button { "other" },
              },
              ui.input { value = "", keys = { ["ctrl+s"] = "save draft" } },
              self.state.dialog and ui.layer { modal = true, onClose = self:handler("close"), keys = { esc = "close" },
                ui.button { "ok" } } or nil,
              ui.spacer {},
              ui.keyhints {},
            }
          end,
        })
        """

    @Test func theFooterListsTheBindingsOfTheFocusedElementAndItsAncestors() throws {
        let app = try LuaApp(Self.app, width: 60, height: 4)
        #expect(app.lines.last == "r rename  d delete  enter open  ctrl+s save  ctrl+o open")
        // The keys are bold in the theme's accent, what they do in muted.
        #expect(app.runtime.screen[0, 3].style.attributes.contains(.bold))
        #expect(app.runtime.screen[0, 3].style.foreground == .cyan)
        #expect(app.runtime.screen[2, 3].style.foreground == .gray)
        app.press("tab")
        #expect(app.lines.last == "d delete  enter open  ctrl+s save  ctrl+o open")
        // The innermost declaration of a key wins.
        app.press("tab")
        #expect(app.lines.last == "ctrl+s save draft  ctrl+o open")
        #expect(app.errors() == [])
    }

    @Test func itFollowsPropsAndStopsAtAnOpenModalLayer() throws {
        let app = try LuaApp(Self.app, width: 60, height: 4)
        app.press("tab ctrl+s")
        #expect(app.lines.last == "d delete  enter open  ctrl+s saved  ctrl+o open")
        app.press("ctrl+o")
        #expect(app.lines.last == "esc close")
        app.press("esc")
        #expect(app.lines.last == "d delete  enter open  ctrl+s saved  ctrl+o open")
        #expect(app.errors() == [])
    }

    @Test func withNothingFocusedItListsTheTopLevelBindings() throws {
        let app = try LuaApp(
            """
            local ui = require("theolua")
            return ui.column { keys = { q = "quit", ["?"] = "help" }, ui.text "no focusables", ui.keyhints {} }
            """, width: 30, height: 2)
        expectScreen(app, ["no focusables", "? help  q quit"])
        #expect(app.errors() == [])
    }

    @Test func badKeysAreScriptErrors() {
        let failure = luaFailure(
            """
            local ui = require("theolua")
            return ui.box { keys = { q = 1 } }
            """)
        #expect(failure?.contains("keys") == true)
    }
}
