import Testing
import TheoluaCore
import TheoluaRuntime

/// PRODUCT.md §5, Context, as scripts write it.
@Suite struct LuaContextTests {
    static let app = """
        local ui = require("theolua")
        local Theme = ui.context({ accent = "blue" }, "Theme")
        local Label = ui.component("Label", {
          props = { text = "string" },
          render = function(self)
            print("Label " .. self.props.text)
            return ui.text(self.props.text .. " " .. self:use(Theme).accent)
          end,
        })
        local Plain = ui.component("Plain", {
          render = function(self)
            print("Plain")
            return ui.column { Label { text = "a" }, ui.text "plain" }
          end,
        })
        local App = ui.component("App", {
          initialState = function() return { accent = "red" } end,
          render = function(self)
            return ui.column { onKey = self:handler("key"),
              Theme.provide { value = { accent = self.state.accent }, Plain {} },
              Label { text = "outside" },
            }
          end,
          actions = {
            key = function(self, key)
              self:updateState({ accent = key.name })
              return true
            end,
          },
        })
        return App {}
        """

    @Test func aProvidedValueReachesItsUsersPastComponentsThatDoNotRender() throws {
        let app = try LuaApp(Self.app, width: 20, height: 3)
        expectScreen(app, ["a red", "plain", "outside blue"])
        #expect(app.takeLogs() == ["Plain", "Label a", "Label outside"])
        app.press("g")
        // Plain did not render (its props are the same), yet its Label did; the Label
        // outside the provider did not either.
        expectScreen(app, ["a g", "plain", "outside blue"])
        #expect(app.takeLogs() == ["Label a"])
        #expect(app.errors() == [])
    }

    @Test func aHotReloadKeepsConsumersFollowingTheirProvider() throws {
        let runtime = try Runtime(width: 20, height: 4)
        try runtime.load(source: Self.app)
        try runtime.mount()
        try runtime.send(keys: "y")
        #expect(runtime.lines.prefix(3) == ["a y", "plain", "outside blue"])
        // The script runs again and makes a new Theme; state is kept, and the consumer
        // follows the provider of the new Theme.
        try runtime.load(source: Self.app.replacingOccurrences(of: "\"plain\"", with: "\"plain 2\""))
        try runtime.mount()
        #expect(runtime.lines.prefix(3) == ["a y", "plain 2", "outside blue"])
        try runtime.send(keys: "z")
        #expect(runtime.lines.prefix(3) == ["a z", "plain 2", "outside blue"])
        #expect(runtime.takeErrors().isEmpty)
    }

    @Test func controllersReadTheValueAndTheDefaultIsReadable() throws {
        let app = try LuaApp(
            """
            local ui = require("theolua")
            local Locale = ui.context("en")
            local Greeter = ui.component("Greeter", {
              controller = { init = function(ctl) print("controller sees " .. ctl:use(Locale)) end },
              render = function(self) return ui.text(self:use(Locale) .. " / " .. Locale.default) end,
            })
            return ui.column { Locale.provide { value = "fr", Greeter {} }, Greeter {} }
            """, width: 20, height: 2)
        expectScreen(app, ["fr / en", "en / en"])
        #expect(app.takeLogs() == ["controller sees fr", "controller sees en"])
        #expect(app.errors() == [])
    }

    @Test func mistakesAreScriptErrors() {
        let cases: [(String, String)] = [
            ("local C = ui.context(1) return C.provide 'x'", "context.provide: expected a table"),
            ("local C = ui.context(1) return C.provide { valu = 2 }", "unknown prop 'valu'"),
            ("return ui.context(1, 2)", "ui.context: expected a name"),
            (
                "return ui.component('X', { render = function(self) return ui.text(self:use({})) end }) {}",
                "X: use: expected a context"
            ),
        ]
        for (body, message) in cases {
            let failure = luaFailure("local ui = require(\"theolua\")\n\(body)\n")
            #expect(failure?.contains(message) == true, "\(body): \(failure ?? "no error")")
        }
    }
}
