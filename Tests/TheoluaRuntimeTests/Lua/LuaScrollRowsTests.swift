import Testing
import TheoluaCore
import TheoluaRuntime

/// A scroll's component rows render as they come into view: the rows shown (and the
/// last screenful, which the scroll measures to know its end) are mounted, the others
/// wait as their elements; focus searches render the rows they pass; a row once shown
/// stays mounted (docs/lua-api.md, Scroll views).
@Suite struct LuaScrollRowsTests {
    /// `count` rows in a scroll of `height` rows; each row's initial state counts how
    /// many rows were made.
    static func rows(_ count: Int, row: String, scroll: String = "") -> String {
        """
        local ui = require("theolua")
        made = 0
        local Row = ui.component("Row", {
          props = { i = "integer" },
          initialState = function() made = made + 1 return { n = 0 } end,
          render = function(self) \(row) end,
          actions = { bump = function(self) self:updateState(function(s) return { n = s.n + 1 } end) end },
        })
        return ui.component("App", {
          render = function(self)
            local rows = {}
            for i = 1, \(count) do rows[i] = Row { key = i, i = i } end
            return ui.scroll { grow = 1, \(scroll) rows }
          end,
        })
        """
    }

    /// How many rows were made, as the script counted them.
    static func made(_ app: LuaApp) throws -> String? {
        _ = app.takeLogs()
        try app.runtime.bridge.evaluate("print(made)")
        return app.takeLogs().last
    }

    static let textRow = #"return ui.text("row " .. self.props.i)"#
    static let buttonRow = #"return ui.button { "b" .. self.props.i .. ":" .. self.state.n, onPress = self:handler("bump") }"#

    @Test func onlyTheRowsInViewAndTheLastScreenfulRender() throws {
        let app = try LuaApp(Self.rows(10_000, row: Self.textRow), width: 12, height: 4)
        expectScreen(app, ["row 1", "row 2", "row 3", "row 4"])
        #expect(try Self.made(app) == "8", "four shown, and four at the end")
        #expect(app.runtime.reconciler.componentCount == 9)
        app.press("end")
        expectScreen(app, ["row 9997", "row 9998", "row 9999", "row 10000"])
        app.press("pageup")
        expectScreen(app, ["row 9993", "row 9994", "row 9995", "row 9996"])
        #expect(try Self.made(app) == "12")
        #expect(app.errors() == [])
    }

    @Test func aPageOfTallRowsMovesByAPageOfLines() throws {
        let tall = #"return ui.column { ui.text("a" .. self.props.i), ui.text("b" .. self.props.i) }"#
        let app = try LuaApp(Self.rows(100, row: tall), width: 12, height: 4)
        expectScreen(app, ["a1", "b1", "a2", "b2"])
        app.press("pagedown")  // four lines: two rows of two, made as the page passes them
        expectScreen(app, ["a3", "b3", "a4", "b4"])
        app.press("pagedown pagedown")
        expectScreen(app, ["a7", "b7", "a8", "b8"])
        app.press("down")
        expectScreen(app, ["b7", "a8", "b8", "a9"])
        #expect(app.errors() == [])
    }

    @Test func focusReachesButtonsInRowsNotShownYet() throws {
        let app = try LuaApp(
            Self.rows(50, row: Self.buttonRow, scroll: "focusable = false,"), width: 12, height: 3)
        // Nothing had focus: the first row's button, rendered by the search, takes it.
        expectScreen(app, ["[ b1:0 ]", "[ b2:0 ]", "[ b3:0 ]"])
        app.press("enter")
        expectScreen(app, ["[ b1:1 ]", "[ b2:0 ]", "[ b3:0 ]"])
        app.press("backtab")  // round to the last row's button
        expectScreen(app, ["[ b48:0 ]", "[ b49:0 ]", "[ b50:0 ]"])
        app.press("tab tab tab tab tab")  // wraps to the first, then on down
        expectScreen(app, ["[ b3:0 ]", "[ b4:0 ]", "[ b5:0 ]"])
        app.press("enter")
        expectScreen(app, ["[ b3:0 ]", "[ b4:0 ]", "[ b5:1 ]"])
        app.press("backtab backtab backtab backtab")
        // A row once shown stays mounted: its state is kept.
        expectScreen(app, ["[ b1:1 ]", "[ b2:0 ]", "[ b3:0 ]"])
        #expect(app.errors() == [])
    }

    @Test func aRowThatWaitsTakesItsLatestProps() throws {
        let source = """
            local ui = require("theolua")
            local Row = ui.component("Row", {
              props = { i = "integer", label = "string" },
              render = function(self) return ui.text(self.props.label .. self.props.i) end,
            })
            return ui.component("App", {
              initialState = function() return { label = "old " } end,
              render = function(self)
                local rows = {}
                for i = 1, 100 do rows[i] = Row { key = i, i = i, label = self.state.label } end
                return ui.column {
                  onKey = function(key)
                    if key.name == "n" then self:updateState({ label = "new " }) return true end
                  end,
                  ui.scroll { grow = 1, rows },
                }
              end,
            })
            """
        let app = try LuaApp(source, width: 12, height: 3)
        expectScreen(app, ["old 1", "old 2", "old 3"])
        app.press("n")
        expectScreen(app, ["new 1", "new 2", "new 3"])
        app.press("pagedown")
        expectScreen(app, ["new 4", "new 5", "new 6"])
        #expect(app.errors() == [])
    }

    @Test func aRowThatFailsToStartIsReportedWhenShown() throws {
        let row = #"return ui.text("row " .. self.props.i)"#
        let source = Self.rows(100, row: row).replacingOccurrences(
            of: "initialState = function() made = made + 1 return { n = 0 } end,",
            with: #"initialState = function(props) if props.i == 2 then error("no row 2") end return { n = 0 } end,"#)
        let app = try LuaApp(source, width: 12, height: 3)
        expectScreen(app, ["row 1", "row 3", "row 4"])
        let errors = app.errors()
        #expect(errors.count == 1)
        #expect(errors.first?.contains("no row 2") == true, "\(errors)")
    }
}

extension LuaScrollRowsTests {
    @Test func scrollingToAnIdInARowNotShownYetRevealsItWhole() throws {
        let source = """
            local ui = require("theolua")
            local Row = ui.component("Row", {
              props = { i = "integer" },
              render = function(self)
                return ui.column { id = "r" .. self.props.i, ui.text("a" .. self.props.i), ui.text("b" .. self.props.i) }
              end,
            })
            return ui.component("App", {
              render = function(self)
                local rows = {}
                for i = 1, 100 do rows[i] = Row { key = i, i = i } end
                return ui.column {
                  onKey = function(key)
                    if key.name == "g" then self:scrollTo("r50") return true end
                    if key.name == "f" then self:focus("r60") return true end
                  end,
                  ui.scroll { grow = 1, focusable = false, rows },
                }
              end,
            })
            """
        let app = try LuaApp(source, width: 12, height: 4)
        expectScreen(app, ["a1", "b1", "a2", "b2"])
        // Its bottom at the window's bottom, though the rows above it were not made when
        // the scroll moved: it moves again over the rows made.
        app.press("g")
        expectScreen(app, ["a49", "b49", "a50", "b50"])
        #expect(app.errors() == [])
        #expect(app.warnings() == [])
    }
}

extension LuaScrollRowsTests {
    @Test func aHotReloadReachesRowsShownAndRowsThatWait() throws {
        let folder = try TempFolder()
        func source(_ word: String) -> String {
            Self.rows(100, row: #"return ui.text("\#(word) " .. self.props.i .. ":" .. self.state.n)"#)
        }
        let path = try folder.write("app.lua", source("old"))
        let app = try LuaApp(width: 12, height: 3)
        try app.runtime.load(file: path)
        try app.runtime.mount()
        expectScreen(app, ["old 1:0", "old 2:0", "old 3:0"])
        try folder.write("app.lua", source("new"))
        try app.runtime.reload()
        expectScreen(app, ["new 1:0", "new 2:0", "new 3:0"])
        app.press("pagedown")
        expectScreen(app, ["new 4:0", "new 5:0", "new 6:0"])
        #expect(app.errors() == [])
    }

    @Test func rowsThatWaitCountTowardTheInstanceLimit() throws {
        let app = try LuaApp(width: 12, height: 3)
        app.runtime.reconciler.limits = HostLimits(instances: 1_000)
        try app.runtime.load(source: Self.rows(10_000, row: Self.textRow))
        try app.runtime.mount()
        let errors = app.errors()
        #expect(!errors.isEmpty)
        #expect(errors.allSatisfy { $0.contains("more than 1000 elements would be mounted at once") }, "\(errors)")
        #expect(app.runtime.reconciler.mountedCount <= 1_000)
    }
}

extension LuaScrollRowsTests {
    @Test func theTreeListsRowsThatWaitWithTheirLatestProps() throws {
        let app = try LuaApp(Self.rows(10, row: Self.textRow), width: 12, height: 2)
        let lines = app.runtime.componentTree.flatMap(\.treeLines)
        #expect(
            lines == [
                "App",
                "  Row key=1 props { i = 1 } state { n = 0 }",
                "  Row key=2 props { i = 2 } state { n = 0 }",
                "  Row key=3 props { i = 3 } (waiting)",
                "  Row key=4 props { i = 4 } (waiting)",
                "  Row key=5 props { i = 5 } (waiting)",
                "  Row key=6 props { i = 6 } (waiting)",
                "  Row key=7 props { i = 7 } (waiting)",
                "  Row key=8 props { i = 8 } (waiting)",
                "  Row key=9 props { i = 9 } state { n = 0 }",
                "  Row key=10 props { i = 10 } state { n = 0 }",
            ], "\(lines)")
    }
}

extension LuaScrollRowsTests {
    /// A host that reads the screen while a render runs (from `ui.emit`) lays out in the
    /// middle of a reconciliation, when no row can render: the rows it reached render at
    /// the next turn, and no blank row stays on screen.
    @Test func aScreenReadDuringARenderLeavesNoBlankRow() throws {
        let app = try LuaApp(width: 12, height: 3)
        var reads = 0
        app.runtime.onEmit = { [unowned app] _, _ in
            reads += 1
            _ = app.runtime.lines
        }
        // Row 1 shows nothing, so a layout after it reaches a row further down.
        let row = #"""
            if self.props.i == 1 then return nil end
            if self.props.i == 2 then ui.emit("row") end
            return ui.text("row " .. self.props.i)
            """#
        try app.runtime.load(source: Self.rows(100, row: row))
        try app.runtime.mount()
        expectScreen(app, ["row 2", "row 3", "row 4"])
        app.press("pagedown")
        expectScreen(app, ["row 5", "row 6", "row 7"])
        #expect(reads >= 1)
        #expect(app.errors() == [])
    }
}
