import Testing
import TheoluaCanvas
import TheoluaCore

@testable import TheoluaRuntime

/// `ui.chart`: series of numbers as braille lines or block bars, with axes and a legend.
@Suite struct ChartTests {
    static func app(_ chart: String) -> String {
        """
        local ui = require("theolua")
        return ui.column { \(chart) }
        """
    }

    @Test func aLineGoesThroughItsValuesWithTheRangeOnTheAxis() throws {
        let app = try LuaApp(Self.app("ui.chart { values = { 0, 4, 8 }, height = 3 }"), width: 8, height: 3)
        // Two rows of plot (eight rows of dots), the x axis under them; 0 to 8 on the y axis.
        expectScreen(app, ["8│  ⢀⠤⠒⠉", "0│⡠⠒⠁", " └──────"])
        #expect(app.runtime.screen[2, 1].style.foreground == .cyan)
        #expect(app.runtime.screen[0, 0].style.foreground == .gray)
    }

    @Test func barsStandOneAValueInEighths() throws {
        let app = try LuaApp(
            Self.app("ui.chart { values = { 1, 2, 4 }, kind = 'bar', min = 0, max = 4, height = 3 }"), width: 10,
            height: 3)
        // 1 is half a row, 2 a row, 4 both rows.
        expectScreen(app, ["4│    █", "0│▄ █ █", " └────────"])
    }

    @Test func severalSeriesTakeTheirColorsAndALegend() throws {
        let app = try LuaApp(
            Self.app(
                "ui.chart { values = { { 1, 2 }, { 2, 1 } }, kind = 'bar', labels = { 'in', 'out' }, height = 4 }"),
            width: 16, height: 4)
        expectScreen(app, ["2│ █ █", "0│██ ██", " └──────────────", "■ in   ■ out"])
        let screen = app.runtime.screen
        #expect(screen[2, 1].style.foreground == .cyan)
        #expect(screen[3, 1].style.foreground == .magenta)
        #expect(screen[0, 3].style.foreground == .cyan)
        #expect(screen[7, 3].style.foreground == .magenta)
    }

    @Test func anySizeDrawsWithoutErrors() throws {
        for kind in ["line", "bar"] {
            let chart = "ui.chart { values = { { 1, 5, 2, 8 }, { 3, 3, 9, 1 } }, labels = { 'a', 'b' }, kind = '\(kind)' }"
            for (width, height) in [(1, 1), (2, 1), (3, 2), (7, 3), (33, 9), (80, 24)] {
                let app = try LuaApp(Self.app(chart), width: width, height: height)
                #expect(app.errors() == [], "\(kind) at \(width)x\(height)")
                #expect(app.runtime.text.split(separator: "\n", omittingEmptySubsequences: false).count == height)
            }
        }
    }

    /// Bounds that are not finite numbers, and values as wide as doubles go, draw.
    @Test func extremeNumbersDrawWithoutTrapping() throws {
        for chart in [
            "ui.chart { values = { 1, 2 }, min = -math.huge }", "ui.chart { values = { 1, 2 }, max = 0/0 }",
            "ui.chart { values = { -1e308, 1e308 } }", "ui.chart { values = { -1e308, 1e308 }, kind = 'bar' }",
            "ui.sparkline { values = { 1 }, min = -math.huge }", "ui.sparkline { values = { -1e308, 0, 1e308 } }",
        ] {
            let app = try LuaApp(Self.app(chart), width: 30, height: 8)
            #expect(app.errors() == [], "\(chart)")
            #expect(!app.runtime.text.isEmpty)
        }
        let wide = try LuaApp(Self.app("ui.sparkline { values = { -1e308, 0, 1e308 } }"), width: 10, height: 1)
        #expect(wide.lines == ["▁▅█"])
    }

    @Test func swiftHostsMakeOneToo() throws {
        let runtime = try Runtime(width: 10, height: 3)
        runtime.mount(.chart([[1, 2, 4]], bars: true, height: 3))
        #expect(runtime.lines == ["4│    █", "0│▄ █ █", " └────────"])
    }

    @Test func valuesMustBeNumbersOrListsOfThem() {
        let failure = luaFailure(
            """
            local ui = require("theolua")
            return ui.chart { values = { "high" } }
            """)
        #expect(failure?.contains("app.lua:2: chart: prop 'values'") == true, "\(failure ?? "")")
    }
}
