import Testing
import TheoluaCanvas
import TheoluaCore

@testable import TheoluaRuntime

/// `scrollbar = true` on scroll, list, table and textarea (pressed and dragged with the
/// mouse), `scrollX = true` on scroll, and `self:scrollTo(id)`.
@Suite struct ScrollbarTests {
    /// The bar's column of the screen, top to bottom.
    private func bar(_ app: LuaApp, x: Int) -> String {
        app.lines.map { line in
            let characters = Array(line)
            return x < characters.count ? String(characters[x]) : " "
        }.joined()
    }

    static let scroll = """
        local ui = require("theolua")
        local rows = {}
        for i = 1, 40 do rows[i] = ui.text { "row " .. i, key = i } end
        return ui.scroll { scrollbar = true, grow = 1, rows }
        """

    @Test func aScrollsBarShowsWhereTheWindowIsAndFollowsTheKeys() throws {
        let app = try LuaApp(Self.scroll, width: 12, height: 4)
        #expect(app.lines[0] == "row 1      ┃")
        #expect(bar(app, x: 11) == "┃│││")
        app.press("pagedown pagedown")
        #expect(app.lines[0].hasPrefix("row 9"))
        #expect(bar(app, x: 11) == "│┃││")
        app.press("end")
        #expect(bar(app, x: 11) == "│││┃")
        #expect(app.runtime.screen[11, 0].style.attributes.contains(.dim), "the track is dim")
    }

    @Test func aPressOnTheBarScrollsThereAndADragFollows() throws {
        let app = try LuaApp(Self.scroll, width: 12, height: 5)
        app.runtime.send(MouseEvent(.press, .left, x: 11, y: 2))
        #expect(app.lines[0] == "row 21     │", "half way down the bar: half way through the rows")
        app.runtime.send(MouseEvent(.drag, .left, x: 11, y: 4))
        app.runtime.send(MouseEvent(.release, .left, x: 11, y: 4))
        #expect(app.lines[4].hasPrefix("row 40"))
        // A press on the rows is not the bar's.
        app.runtime.send(MouseEvent(.press, .left, x: 2, y: 0))
        app.runtime.send(MouseEvent(.drag, .left, x: 2, y: 3))
        app.runtime.send(MouseEvent(.release, .left, x: 2, y: 3))
        #expect(app.lines[4].hasPrefix("row 40"))
    }

    @Test func aListsBarIsOverAllItsItemsAndSelectsWhereItIsPressed() throws {
        let app = try LuaApp(
            """
            local ui = require("theolua")
            return ui.list { count = 1000, scrollbar = true, grow = 1, render = function(i) return "item " .. i end }
            """, width: 14, height: 5)
        #expect(bar(app, x: 13) == "┃││││")
        app.runtime.send(MouseEvent(.press, .left, x: 13, y: 4))
        app.runtime.send(MouseEvent(.release, .left, x: 13, y: 4))
        #expect(app.lines[4].hasPrefix("item 1000"))
        #expect(bar(app, x: 13) == "││││┃")
        app.press("home")
        try app.runtime.send(keys: "click:13,2")
        #expect(app.lines.contains { $0.hasPrefix("item 500") || $0.hasPrefix("item 501") })
    }

    @Test func aTablesBarIsBesideItsRows() throws {
        let app = try LuaApp(
            """
            local ui = require("theolua")
            return ui.table { count = 100, scrollbar = true, grow = 1, columns = { { title = "n", width = 8 } },
              cell = function(row) return "r" .. row end }
            """, width: 12, height: 5)
        #expect(app.lines[0].hasPrefix("n"))
        #expect(bar(app, x: 11) == " ┃│││")
        app.press("end")
        #expect(bar(app, x: 11) == " │││┃")
    }

    @Test func aTextareasBarShowsItsLinesAndADragScrollsThem() throws {
        let app = try LuaApp(
            """
            local ui = require("theolua")
            local lines = {}
            for i = 1, 100 do lines[i] = "line " .. i end
            return ui.component("E", {
              initialState = function() return { text = table.concat(lines, "\\n") } end,
              render = function(self)
                return ui.textarea { value = self.state.text, scrollbar = true, grow = 1,
                  onChange = function(v) self:updateState({ text = v }) end }
              end,
            })
            """, width: 12, height: 5)
        #expect(bar(app, x: 11) == "┃││││")
        app.runtime.send(MouseEvent(.press, .left, x: 11, y: 4))
        app.runtime.send(MouseEvent(.release, .left, x: 11, y: 4))
        #expect(app.lines == ["line 96    │", "line 97    │", "line 98    │", "line 99    │", "line 100   ┃"])
    }

    @Test func scrollXMovesWideRowsSidewaysByKeysAndTheShiftedWheel() throws {
        let app = try LuaApp(
            """
            local ui = require("theolua")
            return ui.scroll { scrollX = true, grow = 1,
              ui.text "0123456789abcdefghij", ui.text "short" }
            """, width: 8, height: 2)
        #expect(app.lines == ["01234567", "short"])
        app.press("right")
        #expect(app.lines == ["456789ab", "t"])
        app.runtime.send(MouseEvent(.wheel, .down, x: 1, y: 0, shift: true))
        #expect(app.lines == ["89abcdef", ""])
        app.press("right right right")
        #expect(app.lines[0] == "cdefghij", "never past the widest row's end")
        app.press("left left left left left")
        #expect(app.lines == ["01234567", "short"])
    }

    @Test func scrollToBringsAnElementIntoViewOrWarns() throws {
        let app = try LuaApp(
            """
            local ui = require("theolua")
            return ui.component("Doc", {
              render = function(self)
                local rows = {}
                for i = 1, 50 do rows[i] = ui.box { id = "s" .. i, key = i, ui.text("section " .. i) } end
                return ui.column { onKey = function(key)
                    if key.name == "g" then self:scrollTo("s30") return true end
                    if key.name == "x" then self:scrollTo("nowhere") return true end
                  end,
                  ui.scroll { grow = 1, rows } }
              end,
            })
            """, width: 14, height: 4)
        app.press("g")
        #expect(app.lines.last == "section 30")
        app.press("x")
        #expect(app.warnings().contains("Doc: scrollTo: no element with id \"nowhere\" in what it rendered"))
    }
}
