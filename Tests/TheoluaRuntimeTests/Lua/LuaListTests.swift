import Testing
import TheoluaCanvas
import TheoluaCore
import TheoluaRuntime

/// `ui.list` and `ui.table`: only the items near the selection are rendered, the
/// selection keys, following a growing list, items keeping their state, tables of cells
/// (docs/lua-api.md, Lists and tables).
@Suite struct LuaListTests {
    static func list(_ count: Int, extra: String = "") -> String {
        """
        local ui = require("theolua")
        rendered = {}
        return ui.component("App", {
          initialState = function() return { picked = "-" } end,
          render = function(self)
            return ui.column {
              ui.text("picked " .. self.state.picked),
              ui.list { count = \(count), grow = 1, \(extra)
                render = function(i) rendered[#rendered + 1] = i return ui.text { "item " .. i, key = i } end,
                onSelect = self:handler("select"), onActivate = self:handler("pick") },
            }
          end,
          actions = {
            select = function(self, i) print("select", i) end,
            pick = function(self, i) self:updateState({ picked = tostring(i) }) end,
          },
        })
        """
    }

    @Test func aMillionItemsRenderOnlyWhatTheScreenCanShow() throws {
        let app = try LuaApp(Self.list(1_000_000, extra: "itemHeight = 1,"), width: 20, height: 5)
        expectScreen(app, ["picked -", "item 1", "item 2", "item 3", "item 4"])
        // A screen of 5 rows and 2 more: 7 items were rendered, not a million.
        #expect(app.runtime.reconciler.componentCount < 20)
        app.press("end")
        expectScreen(app, ["picked -", "item 999997", "item 999998", "item 999999", "item 1000000"])
        app.press("up enter")
        expectScreen(app, ["picked 999999", "item 999997", "item 999998", "item 999999", "item 1000000"])
        #expect(app.takeLogs() == ["select\t1000000", "select\t999999"])
        #expect(app.errors() == [])
    }

    @Test func theSelectionMovesWithTheKeysAndStaysInView() throws {
        let app = try LuaApp(Self.list(100), width: 20, height: 5)
        app.press("down down down down down")
        expectScreen(app, ["picked -", "item 3", "item 4", "item 5", "item 6"])
        app.press("pagedown")  // a page: the items in view, less one
        expectScreen(app, ["picked -", "item 6", "item 7", "item 8", "item 9"])
        app.press("pageup pageup")
        expectScreen(app, ["picked -", "item 3", "item 4", "item 5", "item 6"])
        app.press("home enter")
        expectScreen(app, ["picked 1", "item 1", "item 2", "item 3", "item 4"])
    }

    @Test func aTallerScreenRendersTheListsAgainAndNothingElse() throws {
        let app = try LuaApp(Self.list(100), width: 20, height: 5)
        func renders() -> [String: Int] {
            Dictionary(app.runtime.componentTree.flatMap(\.all).map { ($0.name, $0.renderCount) }) { a, _ in a }
        }
        expectScreen(app, ["picked -", "item 1", "item 2", "item 3", "item 4"])
        #expect(renders() == ["App": 1, "list": 1])

        app.runtime.resize(width: 20, height: 12)
        expectScreen(app, ["picked -"] + (1...11).map { "item \($0)" })
        #expect(renders() == ["App": 1, "list": 2])

        // A new width alone leaves the rows, and the list, as they are.
        app.runtime.resize(width: 30, height: 12)
        #expect(renders() == ["App": 1, "list": 2])
        #expect(app.errors() == [])
    }

    @Test func theSelectionIsDrawnInverseWhileTheListHasFocus() throws {
        let app = try LuaApp(Self.list(10), width: 10, height: 4)
        app.press("down")
        let screen = app.runtime.screen
        #expect(!screen[0, 1].style.attributes.contains(.inverse))
        #expect(screen[0, 2].style.attributes.contains(.inverse), "item 2, the whole row")
        #expect(screen[9, 2].style.attributes.contains(.inverse))
    }

    @Test func aControlledSelectionFollowsTheProp() throws {
        let app = try LuaApp(
            """
            local ui = require("theolua")
            return ui.component("App", {
              initialState = function() return { at = 50 } end,
              render = function(self)
                return ui.list { count = 100, selected = self.state.at, height = 3,
                  render = function(i) return ui.text("row " .. i) end,
                  onSelect = self:handler("go") }
              end,
              actions = {
                -- Moves two at a time: the list shows what the parent chose.
                go = function(self, i) self:updateState(function(s) return { at = s.at + (i - s.at) * 2 } end) end,
              },
            })
            """, width: 12, height: 3)
        expectScreen(app, ["row 48", "row 49", "row 50"])
        app.press("down")
        expectScreen(app, ["row 50", "row 51", "row 52"])
        app.press("up")
        expectScreen(app, ["row 50", "row 51", "row 52"], "up from 52 to 51 moves the parent's to 50")
    }

    @Test func aFollowingListKeepsItsEndInViewAsItGrows() throws {
        let source = """
            local ui = require("theolua")
            return ui.component("Log", {
              initialState = function() return { n = 3 } end,
              render = function(self)
                return ui.list { count = self.state.n, follow = true,
                  render = function(i) return ui.text { "line " .. i, key = i } end }
              end,
              controller = {
                init = function(ctl)
                  ui.every(1, function() ctl:updateState(function(s) return { n = s.n + 1 } end) end)
                end,
              },
            })
            """
        let app = try LuaApp(source, width: 10, height: 3)
        expectScreen(app, ["line 1", "line 2", "line 3"])
        app.advance(3)
        expectScreen(app, ["line 4", "line 5", "line 6"])
        app.press("up up")  // away from the end: it stays where the reader is
        app.advance(2)
        expectScreen(app, ["line 4", "line 5", "line 6"])
        app.press("end")
        app.advance(1)
        expectScreen(app, ["line 7", "line 8", "line 9"])
    }

    @Test func itemsOfManyHeightsKeepTheSelectionStillOnScreen() throws {
        let app = try LuaApp(
            """
            local ui = require("theolua")
            return ui.list { count = 10000,
              render = function(i)
                local lines = {}
                for n = 1, i % 3 + 1 do lines[n] = "item " .. i .. "." .. n end
                return ui.text { table.concat(lines, "\\n"), key = i }
              end }
            """, width: 16, height: 6)
        func selectedRows() -> [Int] {
            let screen = app.runtime.screen
            return (0..<6).filter { screen[0, $0].style.attributes.contains(.inverse) }
        }
        for _ in 0..<40 { app.press("down") }
        let bottom = selectedRows()
        #expect(bottom.last == 5, "scrolling down keeps the selection at the bottom: \(bottom) \(app.lines)")
        for _ in 0..<3 { app.press("down") }
        #expect(selectedRows().last == 5, "\(app.lines)")
        for _ in 0..<43 { app.press("up") }
        #expect(selectedRows().first == 0, "back at the first item, at the top: \(app.lines)")
        #expect(app.lines[0] == "item 1.1")
    }

    @Test func anItemKeepsItsStateWhileItStaysNearTheView() throws {
        let app = try LuaApp(
            """
            local ui = require("theolua")
            local serial = 0
            local Row = ui.component("Row", {
              props = { i = "integer" },
              -- Each mount takes the next serial number: a kept row keeps its number.
              initialState = function() serial = serial + 1 return { serial = serial } end,
              render = function(self) return ui.text(self.props.i .. "#" .. self.state.serial) end,
              controller = { willUnmount = function(ctl) print("unmount", ctl.props.i) end },
            })
            return ui.list { count = 1000, render = function(i) return Row { i = i, key = i } end }
            """, width: 12, height: 3)
        let first = app.lines[0]
        app.press("down down down")
        #expect(app.takeLogs().isEmpty, "rows near the view stay mounted")
        app.press("home")
        #expect(app.lines[0] == first, "row 1 kept its state: \(app.lines)")
        app.press("end")
        #expect(app.takeLogs().contains("unmount\t1"), "rows far out of view are unmounted")
        app.press("home")
        #expect(app.lines[0] != first, "row 1 came back as a new component: \(app.lines)")
        #expect(app.errors() == [])
    }

    @Test func aTableLinesItsCellsUpUnderItsHeader() throws {
        let app = try LuaApp(
            """
            local ui = require("theolua")
            return ui.table { count = 300000,
              columns = {
                { title = "#", width = 6, align = "right" },
                { title = "name", grow = 1 },
                { title = "size", width = "25%", align = "right" },
              },
              cell = function(row, col)
                if col == 1 then return row end
                if col == 2 then return "file-" .. row .. ".txt" end
                return ui.text { (row * 3) .. " KB", color = "cyan" }
              end }
            """, width: 32, height: 4)
        expectScreen(
            app,
            [
                "     # name                 size",
                "     1 file-1.txt           3 KB",
                "     2 file-2.txt           6 KB",
                "     3 file-3.txt           9 KB",
            ])
        app.press("end")
        #expect(app.lines[3] == "300000 file-300000.txt  900000 …", "a cell too wide for its column ends with …")
    }

    @Test func aSortableTableCallsOnSortFromItsTitles() throws {
        let app = try LuaApp(
            """
            local ui = require("theolua")
            return ui.table { count = 3, columns = { { title = "a", width = 3 }, { title = "b", width = 3 } },
              cell = function(row, col) return col .. "/" .. row end,
              onSort = function(col) print("sort", col) end,
              onActivate = function(row) print("row", row) end }
            """, width: 10, height: 4)
        app.press("down enter backtab enter backtab space")
        #expect(app.takeLogs() == ["row\t2", "sort\t2", "sort\t1"])
    }

    @Test func listPropsAreValidated() throws {
        let app = try LuaApp(width: 20, height: 2)
        #expect(throws: ScriptError.self) {
            try app.runtime.load(source: "return require('theolua').list { count = 3 }")
        }
        #expect(throws: ScriptError.self) {
            try app.runtime.load(source: "return require('theolua').column { require('theolua').list() }")
        }
        #expect(throws: ScriptError.self) {
            try app.runtime.load(source: "return require('theolua').list { count = -1, render = print }")
        }
        #expect(throws: ScriptError.self) {
            try app.runtime.load(
                source: "return require('theolua').table { count = 1, columns = { { width = 3 } }, cell = print }")
        }
    }

    @Test func theLargestCountMovesToItsEndWithoutOverflow() throws {
        let app = try LuaApp(
            "return require('theolua').list { count = 4503599627370496, render = function(i) return tostring(i) end }",
            width: 20, height: 2)
        app.press("end pagedown down")
        #expect(app.lines == ["4503599627370495", "4503599627370496"])
        #expect(throws: ScriptError.self) {
            try app.runtime.load(source: "return require('theolua').list { count = math.maxinteger, render = print }")
        }
    }

    @Test func aRenderResultThatIsNotAnElementNamesTheFunction() throws {
        let app = try LuaApp(
            """
            local ui = require("theolua")
            return ui.list { count = 3, render = function(i) return { i } end }
            """, width: 20, height: 3)
        #expect(
            app.errors() == [
                "app.lua:2: ui.list: list item render(1) must return an element, a string or nil, got a table (make"
                    + " the item with ui.text, ui.row, ...)"
            ])
    }

    @Test func aRenderErrorNamesTheScriptLine() throws {
        let app = try LuaApp(
            """
            local ui = require("theolua")
            return ui.list { count = 3, render = function(i)
              if i == 2 then error("no item two") end
              return ui.text("ok " .. i)
            end }
            """, width: 20, height: 3)
        let errors = app.errors()
        #expect(errors.count == 1)
        #expect(
            errors.first?.contains("app.lua:3:") == true && errors.first?.contains("no item two") == true, "\(errors)")
    }
}
