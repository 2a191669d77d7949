import Testing
import TheoluaCore
import TheoluaLua
import TheoluaRuntime

/// A render that makes a keyed element with the same props as its previous render
/// gets the same element back, so the row is not rendered again; any difference a
/// conversion would show makes a new element.
@Suite struct LuaElementReuseTests {
    /// Rows count their own renders; `n` steps the list through changes, `m` mutates a
    /// constructor table after the call.
    static let app = """
        local ui = require("theolua")
        local renders = {}
        local Row = ui.component("Row", {
          props = { label = "string", n = "number", tag = { "string", default = "-" }, onPick = "function?" },
          render = function(self)
            local p = self.props
            renders[p.label] = (renders[p.label] or 0) + 1
            return ui.text(p.label .. " " .. tostring(p.n) .. " " .. math.type(p.n) .. " " .. p.tag .. " r" .. renders[p.label])
          end,
        })
        local List = ui.component("List", {
          initialState = function() return { step = 0 } end,
          render = function(self)
            local s = self.state.step
            local shared = { key = "e", label = "e", n = 5 }
            local e = Row(shared)
            shared.n = 50 -- the element keeps the props it was made with
            return ui.column { onKey = self:handler("key"),
              Row { key = "a", label = "a", n = 1 },
              Row { key = "b", label = "b", n = s >= 1 and 1.0 or 1 },
              Row { key = "c", label = "c", n = 3, tag = s >= 2 and "x" or nil },
              Row { key = "d", label = "d", n = 4, onPick = self:handler("pick", s >= 3 and 2 or 1) },
              e,
            }
          end,
          actions = {
            key = function(self, key)
              if key.name == "n" then
                self:updateState(function(st) return { step = st.step + 1 } end)
                return true
              end
            end,
            pick = function() end,
          },
        })
        return List {}
        """

    @Test func aReusedRowWithItsOwnUpdateRendersInTheParentsTurn() throws {
        let app = try LuaApp(
            """
            local ui = require("theolua")
            local bump = {}
            local Row = ui.component("Row", {
              props = { label = "string" },
              initialState = function() return { n = 0 } end,
              render = function(self) return ui.text(self.props.label .. " " .. self.state.n) end,
              controller = { init = function(ctl)
                bump[ctl.props.label] = function() ctl:updateState(function(s) return { n = s.n + 1 } end) end
              end },
            })
            local List = ui.component("List", {
              initialState = function() return { step = 0 } end,
              render = function(self)
                return ui.column { onKey = self:handler("key"),
                  ui.text("step " .. self.state.step), Row { key = "a", label = "a" }, Row { key = "b", label = "b" } }
              end,
              actions = { key = function(self, key)
                if key.name == "n" then
                  bump.b()
                  self:updateState(function(s) return { step = s.step + 1 } end)
                  return true
                end
              end },
            })
            return List {}
            """, width: 10, height: 3)
        expectScreen(app, ["step 0", "a 0", "b 0"])
        // Row b gets its very element again from the list, and its own new state.
        app.press("n")
        expectScreen(app, ["step 1", "a 0", "b 1"])
        app.press("n")
        expectScreen(app, ["step 2", "a 0", "b 2"])
        #expect(app.errors().isEmpty)
    }

    @Test func unchangedRowsAreNotRenderedAgainAndChangedOnesAre() throws {
        let app = try LuaApp(Self.app, width: 24, height: 5)
        expectScreen(
            app,
            [
                "a 1 integer - r1",
                "b 1 integer - r1",
                "c 3 integer - r1",
                "d 4 integer - r1",
                "e 5 integer - r1",
            ])
        app.press("n")  // b: 1 → 1.0, a float now
        expectScreen(
            app,
            [
                "a 1 integer - r1",
                "b 1.0 float - r2",
                "c 3 integer - r1",
                "d 4 integer - r1",
                "e 5 integer - r1",
            ])
        app.press("n")  // c: the default "-" → "x"
        expectScreen(
            app,
            [
                "a 1 integer - r1",
                "b 1.0 float - r2",
                "c 3 integer x r2",
                "d 4 integer - r1",
                "e 5 integer - r1",
            ])
        app.press("n")  // d: a handler bound to other arguments
        expectScreen(
            app,
            [
                "a 1 integer - r1",
                "b 1.0 float - r2",
                "c 3 integer x r2",
                "d 4 integer - r2",
                "e 5 integer - r1",
            ])
        app.press("n")  // nothing changes
        #expect(app.lines.allSatisfy { !$0.contains("r3") }, "\(app.lines)")
        #expect(app.errors() == [])
    }

    @Test func theSameElementComesBackForTheSameKeyAndProps() throws {
        let app = try LuaApp(
            """
            local ui = require("theolua")
            local Row = ui.component("Row", { props = { n = "integer" }, render = function(self) return ui.text("n") end })
            local previous, same = {}, {}
            local List = ui.component("List", {
              initialState = function() return { turn = 0, n = 1 } end,
              render = function(self)
                local rows = { Row { key = 1, n = self.state.n }, Row { key = 2, n = 2 }, Row { n = 3 } }
                for i, row in ipairs(rows) do same[i] = rawequal(row, previous[i]) and "same" or "new" end
                previous = rows
                return ui.column { onKey = self:handler("key"), ui.text(table.concat(same, " ")), rows }
              end,
              actions = { key = function(self) self:updateState(function(s) return { turn = s.turn + 1, n = 10 } end) return true end },
            })
            return List {}
            """, width: 20, height: 1)
        expectScreen(app, ["new new new"])
        app.press("x")  // key 1 changes; key 2 is reused; the unkeyed row is always new
        expectScreen(app, ["new same new"])
        app.press("x")
        expectScreen(app, ["same same new"])
    }

    @Test func aReusedRowStillFailsValidationWhenItsTableDoes() throws {
        let app = try LuaApp(
            """
            local ui = require("theolua")
            local Row = ui.component("Row", { props = { n = "integer" }, render = function(self) return ui.text("n " .. self.props.n) end })
            local List = ui.component("List", {
              initialState = function() return { bad = false } end,
              render = function(self)
                return ui.column { onKey = self:handler("key"), Row { key = 1, n = self.state.bad and 1.5 or 1 } }
              end,
              actions = { key = function(self) self:updateState({ bad = true }) return true end },
            })
            return List {}
            """, width: 40, height: 1)
        expectScreen(app, ["n 1"])
        app.press("x")
        #expect(app.errors().first?.contains("prop 'n'") == true)
    }

    /// Renders `Row { key = 1, <first> }`, then after a key `Row { key = 1, <second> }`.
    private func twoRenders(schema: String, rowText: String, first: String, second: String, width: Int = 40)
        throws -> LuaApp
    {
        try LuaApp(
            """
            local ui = require("theolua")
            local Row = ui.component("Row", { props = \(schema), render = function(self) return ui.text(\(rowText)) end })
            local List = ui.component("List", {
              initialState = function() return { second = false } end,
              render = function(self)
                local row = self.state.second and Row { key = 1, \(second) } or Row { key = 1, \(first) }
                return ui.column { onKey = self:handler("key"), row }
              end,
              actions = { key = function(self) self:updateState({ second = true }) return true end },
            })
            return List {}
            """, width: width, height: 1)
    }

    @Test func aNamedChildrenFieldIsCheckedEvenWhenItWouldMatch() throws {
        let app = try twoRenders(
            schema: "{ label = 'string' }", rowText: "self.props.label", first: "label = 'x', 'a'",
            second: "label = 'x', children = { 'a' }")
        expectScreen(app, ["x"])
        app.press("x")
        #expect(app.errors().first?.contains("children") == true)
    }

    @Test func aViewPassedOnAgainIsReusedAndAChangedOneIsNot() throws {
        // The C side sees a new view userdata in each render; Swift finds it holds the
        // same value.
        let app = try LuaApp(
            """
            local ui = require("theolua")
            local Row = ui.component("Row", {
              props = { item = { "record", fields = { name = "string" } } },
              render = function(self) return ui.text(self.props.item.name) end,
            })
            local previous
            local List = ui.component("List", {
              initialState = function() return { turn = 0, item = { name = "a" } } end,
              render = function(self)
                local row = Row { key = 1, item = self.state.item }
                local same = rawequal(row, previous) and "same" or "new"
                previous = row
                return ui.row { onKey = self:handler("key"), ui.text(same .. " "), row }
              end,
              actions = { key = function(self, key)
                local changed = key.name == "c"
                self:updateState(function(s) return { turn = s.turn + 1, item = changed and { name = "b" } or s.item } end)
                return true
              end },
            })
            return List {}
            """, width: 20, height: 1)
        expectScreen(app, ["new a"])
        app.press("x")
        expectScreen(app, ["same a"])
        app.press("c")
        expectScreen(app, ["new b"])
    }

    @Test func stringsAreComparedByContentEvenWhenMadeAgain() throws {
        // Long strings are separate objects each time they are built; short ones are
        // shared. Either way only the bytes count.
        let app = try LuaApp(
            """
            local ui = require("theolua")
            local Row = ui.component("Row", { props = { label = "string" }, render = function(self) return ui.text("r") end })
            local previous, same = {}, {}
            local List = ui.component("List", {
              initialState = function() return { turn = 0 } end,
              render = function(self)
                local long = string.rep("x", 60) .. (self.state.turn >= 2 and "!" or "")
                local rows = { Row { key = 1, label = string.rep("y", 60) }, Row { key = 2, label = long },
                  Row { key = 3, label = "short" .. self.state.turn } }
                for i, row in ipairs(rows) do same[i] = rawequal(row, previous[i]) and "same" or "new" end
                previous = rows
                return ui.column { onKey = self:handler("key"), ui.text(table.concat(same, " ")), rows }
              end,
              actions = { key = function(self) self:updateState(function(s) return { turn = s.turn + 1 } end) return true end },
            })
            return List {}
            """, width: 20, height: 1)
        expectScreen(app, ["new new new"])
        app.press("x")
        expectScreen(app, ["same same new"])
        app.press("x")
        expectScreen(app, ["same new new"])
    }

    @Test func aSnapshotKeepsItsNamesAndStringsThroughACollection() throws {
        // Without a schema no name is kept by the bridge: the snapshot keeps the names
        // it points to, and the strings; a full collection between renders frees
        // everything else that was made for the first.
        let app = try LuaApp(
            """
            local ui = require("theolua")
            local Row = ui.component("Row", function(props) return ui.text(props.title) end)
            local previous
            local List = ui.component("List", {
              initialState = function() return { turn = 0 } end,
              render = function(self)
                local name = "ti" .. "tle"
                local row = Row { key = "only", [name] = string.rep("z", 50) .. "!", ["extra" .. 1] = true }
                local same = rawequal(row, previous) and "same" or "new"
                previous = row
                return ui.column { onKey = self:handler("key"), ui.text(same), row }
              end,
              actions = { key = function(self) self:updateState(function(s) return { turn = s.turn + 1 } end) return true end },
            })
            return List {}
            """, width: 60, height: 2)
        expectScreen(app, ["new", String(repeating: "z", count: 50) + "!"])
        for _ in 0..<3 {
            _ = try app.runtime.bridge.evaluate("collectgarbage() collectgarbage()")
            app.press("x")
            expectScreen(app, ["same", String(repeating: "z", count: 50) + "!"])
        }
        #expect(app.errors() == [])
    }

    @Test func tablesWithManyFieldsAreMadeAnewAndStillRight() throws {
        let fields = (1...20).map { "f\($0) = \($0)" }.joined(separator: ", ")
        let schema = (1...20).map { "f\($0) = 'integer'" }.joined(separator: ", ")
        let app = try twoRenders(
            schema: "{ \(schema) }", rowText: "tostring(self.props.f20)", first: fields,
            second: fields.replacingOccurrences(of: "f20 = 20", with: "f20 = 21"))
        expectScreen(app, ["20"])
        app.press("x")
        expectScreen(app, ["21"])
        #expect(app.errors() == [])
    }

    @Test func aDefaultIsTheSchemasOwnBytes() throws {
        // "café" spelled two ways: equal as Swift strings, so the row is not rendered
        // again for the change; its next render of its own shows the default's bytes.
        let app = try LuaApp(
            """
            local ui = require("theolua")
            local Row = ui.component("Row", {
              props = { label = { "string", default = "caf\\u{e9}" } },
              initialState = function() return { n = 0 } end,
              render = function(self)
                return ui.box { focusable = true, onKey = self:handler("bump"), ui.text(#self.props.label .. " " .. self.state.n) }
              end,
              actions = { bump = function(self, key)
                if key.name == "b" then self:updateState(function(s) return { n = s.n + 1 } end) return true end
              end },
            })
            local List = ui.component("List", {
              initialState = function() return { second = false } end,
              render = function(self)
                local row = self.state.second and Row { key = 1 } or Row { key = 1, label = "cafe\\u{301}" }
                return ui.column { onKey = self:handler("key"), row }
              end,
              actions = { key = function(self, key) if key.name == "x" then self:updateState({ second = true }) return true end end },
            })
            return List {}
            """, width: 20, height: 1)
        expectScreen(app, ["6 0"])
        app.press("x b")
        expectScreen(app, ["5 1"])
        #expect(app.errors() == [])
    }

    @Test func poolsDoNotGrowWithKeysThatComeAndGo() throws {
        let app = try LuaApp(
            """
            local ui = require("theolua")
            local Row = ui.component("Row", { props = { n = "integer" }, render = function(self) return ui.text("row " .. self.props.n) end })
            local List = ui.component("List", {
              initialState = function() return { first = 1 } end,
              render = function(self)
                local rows = {}
                for i = self.state.first, self.state.first + 99 do rows[#rows + 1] = Row { key = i, n = i } end
                return ui.column { onKey = self:handler("key"), rows }
              end,
              actions = { key = function(self) self:updateState(function(s) return { first = s.first + 100 } end) return true end },
            })
            return List {}
            """, width: 20, height: 2)
        // The pool is rebuilt every few renders, so memory moves within a band: compare
        // the band's top after 20 renders and after 200 more.
        func highest(after renders: Int) throws -> Int {
            var highest = 0
            for _ in 0..<(renders / 5) {
                for _ in 0..<5 { app.press("x") }
                _ = try app.runtime.bridge.evaluate("collectgarbage()")
                highest = max(highest, app.runtime.bridge.memoryUsed)
            }
            return highest
        }
        let settled = try highest(after: 20)
        _ = try highest(after: 180)
        let later = try highest(after: 20)
        #expect(later < settled + settled / 4, "\(settled) → \(later)")
        #expect(app.lines == ["row 22001", "row 22002"])
        #expect(app.errors() == [])
    }
}
