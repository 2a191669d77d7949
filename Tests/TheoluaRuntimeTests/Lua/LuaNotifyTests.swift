import Testing
import TheoluaCanvas
import TheoluaCore
import TheoluaRuntime

/// `ui.notify` (docs/lua-api.md, `ui.notify`): toasts stacked in the bottom-right corner,
/// gone after their timeout, on a click on them, or on esc.
@Suite struct LuaNotifyTests {
    /// Keys: `s` a success toast, `e` an error that stays, `l` a long one; every key is
    /// counted, so what reaches the app shows.
    static let app = """
        local ui = require("theolua")
        return ui.component("Toaster", {
          initialState = function() return { keys = 0, clicks = 0 } end,
          render = function(self)
            return ui.box { focusable = true, autoFocus = true, height = "100%", onKey = self:handler("key"),
              onClick = self:handler("click"),
              ui.text(("keys %d clicks %d"):format(self.state.keys, self.state.clicks)) }
          end,
          actions = {
            key = function(self, key)
              if key.name == "s" then ui.notify("Saved", { kind = "success" }) end
              if key.name == "e" then ui.notify("Failed", { kind = "error", timeout = 0 }) end
              if key.name == "l" then ui.notify(string.rep("word ", 60)) end
              self:updateState(function(s) return { keys = s.keys + 1, clicks = s.clicks } end)
              return true
            end,
            click = function(self)
              self:updateState(function(s) return { keys = s.keys, clicks = s.clicks + 1 } end)
            end,
          },
        })
        """

    private func app() throws -> LuaApp { try LuaApp(Self.app, width: 30, height: 8) }

    @Test func toastsStackFromTheCornerNewestLowest() throws {
        let app = try app()
        app.press("s e")
        expectScreen(
            app,
            [
                "keys 2 clicks 0", "", "╭───────────────────────────╮", "│ Saved                     │",
                "╰───────────────────────────╯", "╭───────────────────────────╮", "│ Failed                    │",
                "╰───────────────────────────╯",
            ])
        #expect(app.runtime.screen[0, 2].style.foreground == .green)
        #expect(app.runtime.screen[0, 5].style.foreground == .red)
        #expect(app.runtime.notifications.map(\.message) == ["Saved", "Failed"])
    }

    @Test func aToastGoesAfterItsTimeoutUnlessItStays() throws {
        let app = try app()
        app.press("s e")
        app.advance(3.9)
        #expect(app.runtime.notifications.count == 2)
        app.advance(0.2)
        #expect(app.runtime.notifications.map(\.message) == ["Failed"])
        app.advance(60)
        #expect(app.runtime.notifications.map(\.message) == ["Failed"])
        #expect(!app.runtime.text.contains("Saved"))
    }

    @Test func aTinyTimeoutStillGoes() throws {
        let app = try LuaApp(
            """
            local ui = require("theolua")
            ui.after(0, function() ui.notify("blink", { timeout = 0.0004 }) end)
            return ui.text "x"
            """, width: 30, height: 4)
        app.advance(0.01)
        #expect(app.runtime.notifications.isEmpty)
    }

    @Test func escTakesAwayTheNewestBeforeItReachesTheApp() throws {
        let app = try app()
        app.press("s e")
        app.press("esc")
        #expect(app.runtime.notifications.map(\.message) == ["Saved"])
        #expect(app.lines[0] == "keys 2 clicks 0")
        app.press("esc esc")
        #expect(app.runtime.notifications.isEmpty)
        #expect(app.lines[0] == "keys 3 clicks 0", "with no toast, esc reaches the app")
    }

    @Test func aClickOnAToastTakesItAwayAndReachesNothingUnderIt() throws {
        let app = try app()
        app.press("s e click:10,3")
        #expect(app.runtime.notifications.map(\.message) == ["Failed"])
        #expect(app.lines[0] == "keys 2 clicks 0")
        app.press("click:10,1")
        #expect(app.lines[0] == "keys 2 clicks 1")
    }

    @Test func aLongMessageWrapsToFourLinesAndIsCut() throws {
        let app = try LuaApp(Self.app, width: 30, height: 10)
        app.press("l")
        let lines = app.lines
        #expect(lines[4] == "╭───────────────────────────╮")
        #expect(lines[5] == "│ word word word word word  │")
        #expect(lines[8] == "│ word word word word word… │")
        #expect(lines[9] == "╰───────────────────────────╯")
    }

    @Test func anySizeDrawsWithoutErrors() throws {
        for (width, height) in [(1, 1), (5, 2), (6, 3), (9, 4), (80, 24)] {
            let app = try LuaApp(Self.app, width: width, height: height)
            app.press("s e l")
            #expect(app.errors() == [], "\(width)x\(height)")
            #expect(app.runtime.text.split(separator: "\n", omittingEmptySubsequences: false).count == height)
        }
    }

    @Test func hostsShowAndTakeAwayTheirOwn() throws {
        let app = try app()
        let id = app.runtime.notify("from Swift", kind: .warning, timeout: nil)
        #expect(app.runtime.text.contains("from Swift"))
        #expect(app.runtime.screen[0, 5].style.foreground == .yellow)
        #expect(app.runtime.dismissNotification(id))
        #expect(!app.runtime.text.contains("from Swift"))
    }

    @Test(arguments: [
        ("ui.notify()", "ui.notify: expected the message as a string, got no value"),
        ("ui.notify('x', { kind = 'loud' })", "ui.notify: kind must be one of info, success, warning, error"),
        ("ui.notify('x', { timeout = -1 })", "ui.notify: timeout must be seconds from 0"),
        ("ui.notify('x', 'error')", "ui.notify: expected options as a table"),
    ])
    func mistakesAreLuaErrorsAtTheirLine(_ call: String, _ message: String) throws {
        let app = try LuaApp(
            """
            local ui = require("theolua")
            return ui.component("Bad", {
              render = function(self)
                return ui.box { focusable = true, autoFocus = true, onKey = self:handler("key"), ui.text "ok" }
              end,
              actions = { key = function(self) \(call) end },
            })
            """, width: 20, height: 2)
        app.press("x")
        let errors = app.errors()
        #expect(errors.first?.contains("app.lua:6:") == true, "\(errors)")
        #expect(errors.first?.contains(message) == true, "\(errors)")
    }
}
