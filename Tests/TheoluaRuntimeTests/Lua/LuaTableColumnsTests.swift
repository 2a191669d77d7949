import Testing
import TheoluaCore
import TheoluaRuntime
import TheoluaWidgets

/// `ui.table` makes only the columns that can reach the screen, as it makes only the rows
/// near the view: a table of 10,000 columns shows what one of 12 does, and `cell` is
/// called for the columns in view alone.
@Suite struct LuaTableColumnsTests {
    /// A table of `count` columns: 12 of mixed widths (cells, a percentage, a share of
    /// what is left), wider together than 200 cells, then columns of 7 cells. `wrap`
    /// puts the table in a box of its own.
    static func table(columns count: Int, rows: Int = 100, wrap: String? = nil) -> String {
        let table = """
            ui.table { count = \(rows), grow = 1, columns = columns,
                cell = function(row, col)
                  calls = calls + 1
                  seen[col] = true
                  if col == 3 then return ui.text { row .. "%", color = "cyan" } end
                  return row .. "." .. col
                end }
            """
        return """
            local ui = require("theolua")
            calls, seen = 0, {}
            columns = {
              { title = "#", width = 5, align = "right" }, { title = "name", grow = 1 },
              { title = "pct", width = "10%", align = "center" },
            }
            for i = 4, 12 do columns[i] = { title = "c" .. i, width = 20 + i % 3, align = i % 2 == 0 and "right" or "left" } end
            for i = 13, \(count) do columns[i] = { title = "x" .. i, width = 7 } end
            return \(wrap.map { "ui.box { \($0), \(table) }" } ?? table)
            """
    }

    /// The screen of `source` after `keys`, and again with every column made (the table
    /// told the screen is far wider than it is): what it showed before columns past the
    /// view were left out.
    static func screens(_ source: String, width: Int, height: Int, keys: String) throws -> (
        windowed: [String], full: [String]
    ) {
        let app = try LuaApp(source, width: width, height: height)
        app.press(keys)
        let windowed = app.lines
        app.runtime.reconciler.provide(Viewport.widthContext, value: .int(1 << 20))
        app.advance(0.001)
        #expect(app.errors() == [])
        return (windowed, app.lines)
    }

    @Test func aTableOfTenThousandColumnsShowsWhatOneOfTwelveDoes() throws {
        for (width, height) in [(60, 10), (200, 10)] {
            for keys in ["", "down end home down down"] {
                let twelve = try LuaApp(Self.table(columns: 12), width: width, height: height)
                let many = try LuaApp(Self.table(columns: 10_000), width: width, height: height)
                twelve.press(keys)
                many.press(keys)
                #expect(many.lines == twelve.lines, "at \(width)x\(height) after '\(keys)'")
                #expect(many.errors() == [] && twelve.errors() == [])
            }
        }
    }

    @Test func columnsPastTheViewDoNotMoveTheColumnsInView() throws {
        // As before every column was made: at the screen's width, and in a box wider
        // than the screen, where the share of what is left depends on every column.
        for wrap in [nil, "width = 400", "direction = \"row\", ui.text \"| \""] {
            for (width, height) in [(60, 10), (200, 10)] {
                let (windowed, full) = try Self.screens(
                    Self.table(columns: 2_000, wrap: wrap), width: width, height: height, keys: "down down")
                #expect(windowed == full, "\(wrap ?? "alone") at \(width)x\(height)")
            }
        }
    }

    @Test func cellIsCalledOnlyForTheColumnsInViewOrTheFirstFewHundred() throws {
        let app = try LuaApp(Self.table(columns: 100_000, rows: 1_000_000), width: 60, height: 10)
        app.press("down end home")
        // Columns 1 to 6 reach 60 cells; the first 256 are made whatever the width.
        try app.runtime.bridge.evaluate("local n = 0 for _ in pairs(seen) do n = n + 1 end print(calls, n)")
        let logs = app.takeLogs()
        let fields = logs.last?.split(separator: "\t").compactMap { Int($0) } ?? []
        #expect(fields.count == 2 && fields[1] == TableColumn.alwaysMade, "\(logs)")
        #expect((fields.first ?? .max) < TableColumn.alwaysMade * 100, "cells made: \(logs)")
        #expect(app.errors() == [])
    }

    @Test func aTableInASidewaysScrollShowsItsColumnsAsFarAsItScrolls() throws {
        // 40 columns of 7 cells: 320 cells, far wider than the screen.
        let source = """
            local ui = require("theolua")
            local columns = {}
            for i = 1, 40 do columns[i] = { title = "c" .. i, width = 7 } end
            return ui.scroll { scrollX = true, grow = 1,
              ui.table { count = 3, columns = columns, height = 4, cell = function(row, col) return row .. ":" .. col end } }
            """
        let app = try LuaApp(source, width: 30, height: 5)
        // The wheel sideways over it moves the scroll (the table's rows have focus).
        app.press(Array(repeating: "wheel:right@5,2", count: 80).joined(separator: " "))
        #expect(app.lines.contains { $0.contains("1:40") }, "\(app.lines)")
        #expect(app.errors() == [])
    }

    @Test func aWiderScreenShowsMoreColumns() throws {
        let app = try LuaApp(Self.table(columns: 10_000), width: 60, height: 5)
        let twelve = try LuaApp(Self.table(columns: 12), width: 200, height: 5)
        app.runtime.resize(width: 200, height: 5)
        #expect(app.lines == twelve.lines)
    }

    @Test func countInViewStopsWhereCellWidthsAndGapsReachTheWidth() {
        let columns = [
            TableColumn(title: "a", width: .cells(4)), TableColumn(title: "b", grow: 1),
            TableColumn(title: "c", width: .percent(50)), TableColumn(title: "d", width: .cells(3)),
            TableColumn(title: "e", width: .cells(3)),
        ]
        // Starts: a 0, b 5, c 6, d 7, e 11.
        #expect(TableColumn.countInView(columns, width: 5) == 1)
        #expect(TableColumn.countInView(columns, width: 6) == 2)
        #expect(TableColumn.countInView(columns, width: 8) == 4)
        #expect(TableColumn.countInView(columns, width: 11) == 4)
        #expect(TableColumn.countInView(columns, width: 12) == 5)
        #expect(TableColumn.countInView([], width: 12) == 0)
    }
}
