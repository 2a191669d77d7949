import Testing
import TheoluaCanvas
import TheoluaCore

@testable import TheoluaRuntime

/// `ui.sparkline`: a row of bars, one cell per value, scaled from `min` to `max`.
@Suite struct SparklineTests {
    static let app = """
        local ui = require("theolua")
        local load = { 3, 5, 9, 4, 2, 7, 8, 12, 6, 3, 1, 4 }
        return ui.column {
          ui.sparkline { values = load },
          ui.sparkline { values = load, width = 6, label = "last 6" },
          ui.sparkline { values = { 0, 50, 100, 150, -20 }, min = 0, max = 100, color = "green" },
          ui.row { ui.text("net "), ui.sparkline { values = { 1, 2, 3 }, grow = 1 } },
        }
        """

    @Test func eachValueIsABarFromItsMinToItsMax() throws {
        let app = try LuaApp(Self.app, width: 20, height: 4)
        expectScreen(app, ["▃▄▆▃▂▅▆█▅▃▂▃", "▆█▅▃▂▃ last 6", "▁▅██▁", "net              ▃▆█"])
    }

    @Test func theBarsTakeTheAccentOrTheirColor() throws {
        let app = try LuaApp(Self.app, width: 20, height: 4)
        #expect(app.runtime.screen[0, 0].style.foreground == .cyan)
        #expect(app.runtime.screen[0, 2].style.foreground == .green)
    }

    @Test func aNarrowScreenShowsTheLastValues() throws {
        let app = try LuaApp(Self.app, width: 5, height: 4)
        #expect(app.lines[0] == "█▅▃▂▃")
        #expect(app.errors() == [])
    }

    @Test func anySizeDrawsWithoutErrors() throws {
        for (width, height) in [(1, 1), (2, 1), (3, 2), (7, 3), (33, 7)] {
            let app = try LuaApp(Self.app, width: width, height: height)
            #expect(app.errors() == [], "\(width)x\(height)")
            #expect(app.runtime.text.split(separator: "\n", omittingEmptySubsequences: false).count == height)
        }
    }

    @Test func swiftHostsMakeOneToo() throws {
        let runtime = try Runtime(width: 10, height: 1)
        runtime.mount(.sparkline([1, 2, 3, 4], min: 0, max: 4))
        #expect(runtime.lines == ["▃▅▆█"])
    }

    @Test func valuesAreRequiredAndNumbers() {
        let missing = luaFailure(
            """
            local ui = require("theolua")
            return ui.sparkline { label = "cpu" }
            """)
        #expect(missing?.contains("app.lua:2: sparkline: prop 'values'") == true, "\(missing ?? "")")
        let words = luaFailure(
            """
            local ui = require("theolua")
            return ui.sparkline { values = { 1, "two" } }
            """)
        #expect(words?.contains("values[2]") == true, "\(words ?? "")")
    }
}
