import Testing
import TheoluaCore
import TheoluaRuntime

/// PRODUCT.md §10: the flexbox props as scripts write them, through validation, the host
/// mirror and the canvas.
@Suite struct LuaFlexboxTests {
    @Test func aToolbarWrapsOntoNewLines() throws {
        let app = try LuaApp(
            """
            local ui = require("theolua")
            return ui.row { wrap = true, columnGap = 1,
              ui.text "[open]", ui.text "[save]", ui.text "[close]", ui.text "[quit]" }
            """, width: 16, height: 3)
        expectScreen(app, ["[open] [save]", "[close] [quit]", ""])
        #expect(app.errors() == [])
    }

    @Test func wrapReverseStacksLinesUpwardAndRowGapSeparatesThem() throws {
        let app = try LuaApp(
            """
            local ui = require("theolua")
            return ui.row { wrap = "reverse", height = 3, columnGap = 1, rowGap = 1,
              ui.text "aaaa", ui.text "bbbb", ui.text "cccc" }
            """, width: 10, height: 3)
        expectScreen(app, ["cccc", "", "aaaa bbbb"])
        #expect(app.errors() == [])
    }

    @Test func anAutoMarginPushesAStatusItemRight() throws {
        let app = try LuaApp(
            """
            local ui = require("theolua")
            return ui.row { ui.text "file.lua", ui.text { "ok", margin = { 0, 0, 0, "auto" } } }
            """, width: 20, height: 1)
        expectScreen(app, ["file.lua          ok"])
        #expect(app.errors() == [])
    }

    @Test func anAbsoluteBadgeIsPinnedToACorner() throws {
        let app = try LuaApp(
            """
            local ui = require("theolua")
            return ui.box { border = "single", height = 4,
              ui.text "inbox",
              ui.text { "3", position = "absolute", top = 0, right = 0, color = "red" },
            }
            """, width: 12, height: 4)
        expectScreen(app, ["┌──────────┐", "│inbox    3│", "│          │", "└──────────┘"])
        #expect(app.errors() == [])
    }

    @Test func reverseDirectionsAndAlignSelf() throws {
        let app = try LuaApp(
            """
            local ui = require("theolua")
            return ui.column {
              ui.box { direction = "rowReverse", ui.text "a", ui.text "b", ui.text "c" },
              ui.row { height = 3, ui.text "top", ui.text { "mid", alignSelf = "center" },
                ui.text { "low", alignSelf = "end" } },
            }
            """, width: 10, height: 4)
        expectScreen(app, ["       cba", "top", "   mid", "      low"])
        #expect(app.errors() == [])
    }

    @Test func basisEvenlyAndPercentPadding() throws {
        let app = try LuaApp(
            """
            local ui = require("theolua")
            return ui.column {
              ui.row { justify = "evenly", ui.text "a", ui.text "b", ui.text "c" },
              ui.row { ui.box { basis = "25%", ui.text "q" }, ui.box { grow = 1, ui.text "rest" } },
              ui.box { padding = { 0, 0, 0, "50%" }, ui.text "half" },
            }
            """, width: 8, height: 3)
        expectScreen(app, [" a  b c", "q rest", "    half"])
        #expect(app.errors() == [])
    }

    @Test func aHiddenPanelKeepsItsStateAndTakesNoFocus() throws {
        let app = try LuaApp(
            """
            local ui = require("theolua")
            local Counter = ui.component("Counter", {
              initialState = function() return { n = 0 } end,
              render = function(self)
                return ui.button { "n=" .. self.state.n, onPress = self:handler("bump") }
              end,
              actions = { bump = function(self) self:updateState({ n = self.state.n + 1 }) end },
            })
            local App = ui.component("App", {
              initialState = function() return { shown = true } end,
              render = function(self)
                return ui.column { onKey = self:handler("key"),
                  ui.box { display = self.state.shown and "flex" or "none", Counter {} },
                  ui.button { "toggle", onPress = self:handler("toggle") },
                }
              end,
              actions = {
                toggle = function(self) self:updateState({ shown = not self.state.shown }) end,
                key = function(self, key)
                  if key.name ~= "h" then return false end
                  self:updateState({ shown = false })
                  return true
                end,
              },
            })
            return App {}
            """, width: 10, height: 2)
        app.press("enter")
        app.press("enter")
        expectScreen(app, ["[ n=2 ]", "[ toggle ]"])
        app.press("tab")
        app.press("enter")
        expectScreen(app, ["[ toggle ]", ""])
        // Hidden, the counter is skipped: tab wraps round to the toggle itself.
        app.press("tab")
        app.press("enter")
        expectScreen(app, ["[ n=2 ]", "[ toggle ]"])
        // Hiding the focused counter moves focus on, to the toggle.
        app.press("tab")
        app.press("h")
        app.press("enter")
        expectScreen(app, ["[ n=2 ]", "[ toggle ]"])
        #expect(app.errors() == [])
    }

    @Test func badValuesAreScriptErrors() {
        let cases: [(String, String)] = [
            ("ui.row { wrap = \"yes\" }", "prop 'wrap'"),
            ("ui.box { direction = \"up\" }", "prop 'direction'"),
            ("ui.box { justify = \"spread\" }", "prop 'justify'"),
            ("ui.box { alignContent = \"baseline\" }", "prop 'alignContent'"),
            ("ui.box { position = \"fixed\" }", "prop 'position'"),
            ("ui.box { display = \"block\" }", "prop 'display'"),
            ("ui.box { padding = \"auto\" }", "prop 'padding'"),
            ("ui.box { margin = { 1, \"x\" } }", "prop 'margin[2]'"),
            ("ui.box { top = -1 }", "prop 'top'"),
            ("ui.text { \"a\", basis = \"half\" }", "prop 'basis'"),
        ]
        for (element, message) in cases {
            let failure = luaFailure("local ui = require(\"theolua\")\nreturn \(element)\n")
            #expect(failure?.contains(message) == true, "\(element): \(failure ?? "no error")")
        }
    }

    @Test func swiftElementsTakeTheSameProps() throws {
        let harness = HostHarness(width: 12, height: 2)
        harness.mount(
            .row(
                ["wrap": .bool(true), "justify": .string("end")],
                children: [
                    .text("left", ["margin": .array(ValueArray([.int(0), .string("auto")]))]),
                    .text("x", ["position": .string("absolute"), "bottom": .int(0), "left": .int(0)]),
                ]))
        expectScreen(harness, ["        left", "x"])
    }
}
