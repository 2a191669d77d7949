import Testing
import TheoluaCore
import TheoluaRuntime

/// `ui.print` (lines that stay: above an inline app, in a full-screen app's log, before
/// the screen in `render`) and an app as tall as its content (inline).
@Suite struct LuaPrintTests {
    @Test func printWritesItsArgumentsAsPrintDoesForTheHost() throws {
        let app = try LuaApp(
            """
            local ui = require("theolua")
            ui.print("a", 1, 2.5, nil, true, setmetatable({}, { __tostring = function() return "T" end }))
            ui.print("two\\nlines")
            return ui.text "x"
            """)
        #expect(app.runtime.takePrinted() == ["a\t1\t2.5\tnil\ttrue\tT", "two\nlines"])
        #expect(app.runtime.takePrinted() == [])
        var heard: [String] = []
        app.runtime.onPrint = { heard.append($0) }
        try app.runtime.load(
            source: "local ui = require('theolua') ui.print('hello') return ui.text 'x'", name: "b.lua")
        #expect(heard == ["hello"])
    }

    @Test func aToStringThatFailsIsAnErrorOfTheScript() {
        let failure = luaFailure(
            """
            local ui = require("theolua")
            ui.print(setmetatable({}, { __tostring = function() error("no") end }))
            return ui.text "x"
            """)
        #expect(failure?.contains("app.lua:2: no") == true, "\(failure ?? "")")
    }

    @Test func anAppFittingItsContentUsesOnlyItsRows() throws {
        let app = try LuaApp(
            """
            local ui = require("theolua")
            return ui.component("Rows", {
              initialState = function() return { n = 2 } end,
              render = function(self)
                local rows = {}
                for i = 1, self.state.n do rows[i] = ui.text("row " .. i) end
                return ui.column { onKey = self:handler("more"), rows }
              end,
              actions = { more = function(self) self:updateState({ n = self.state.n + 3 }) return true end },
            })
            """, width: 10, height: 6)
        #expect(app.runtime.usedHeight == 6)
        app.runtime.fitsContentHeight = true
        _ = app.runtime.screen
        #expect(app.runtime.usedHeight == 2)
        app.press("x")
        _ = app.runtime.screen
        // 5 rows of content; the screen has 6.
        #expect(app.runtime.usedHeight == 5)
        app.press("x")
        _ = app.runtime.screen
        #expect(app.runtime.usedHeight == 6)
        #expect(app.lines.last == "row 6")
    }
}
