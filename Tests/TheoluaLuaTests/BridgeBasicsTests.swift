import Testing
import TheoluaCore
import TheoluaLua

@Suite struct BridgeBasicsTests {
    @Test func anAppReturningAnElementMountsIt() throws {
        let h = try Harness()
        let ops = try h.run(
            """
            local ui = require("theolua")
            return ui.column { "first", ui.text "second", ui.text { "bold", bold = true } }
            """)
        #expect(
            ops == [
                "insert box into root",
                "insert text(\"first\") into box",
                "insert text(\"second\") into box",
                "insert text(\"bold\") into box",
            ])
    }

    @Test func aComponentWithDefaultsRendersItsProps() throws {
        let h = try Harness()
        let ops = try h.run(
            """
            local ui = require("theolua")
            local Badge = ui.component("Badge", {
              props = { text = "string", mark = { "string", default = "*" } },
              render = function(self) return ui.text(self.props.mark .. self.props.text .. self.props.mark) end,
            })
            return ui.column { Badge { text = "a" }, Badge { text = "b", mark = "#" } }
            """)
        #expect(ops.contains("insert text(\"*a*\") into box"))
        #expect(ops.contains("insert text(\"#b#\") into box"))
    }

    @Test func aWrongPropTypeNamesFileLineComponentPathAndTypes() throws {
        let h = try Harness()
        let message = h.failure(
            """
            local ui = require("theolua")
            local Badge = ui.component("Badge", {
              props = { count = "integer" },
              render = function(self) return ui.text(tostring(self.props.count)) end,
            })
            return Badge { count = "three" }
            """)
        #expect(message == "app.lua:6: Badge: prop 'count': expected integer, got string (\"three\")")
    }

    @Test func nestedPropPathsAreNamedInErrors() throws {
        let h = try Harness()
        let message = h.failure(
            """
            local ui = require("theolua")
            local List = ui.component("List", {
              props = { items = { "array", of = { "record", fields = { title = "string" } } } },
              render = function(self) return nil end,
            })
            return List { items = { { title = "a" }, { title = "b" }, { title = 12 } } }
            """)
        #expect(message == "app.lua:6: List: prop 'items[3].title': expected string, got number (12)")
    }

    @Test func unknownPropsSuggestTheClosestName() throws {
        let h = try Harness()
        let message = h.failure(
            """
            local ui = require("theolua")
            local C = ui.component("Counter", { props = { label = "string" }, render = function() end })
            return C { lable = "x" }
            """)
        #expect(message == "app.lua:3: Counter: unknown prop 'lable' (did you mean 'label'?)")
    }

    @Test func stateIsReadOnlyAndTheErrorNamesComponentAndField() throws {
        let h = try Harness()
        try h.run(
            """
            local ui = require("theolua")
            local Bad = ui.component("Bad", {
              initialState = function() return { n = 1 } end,
              render = function(self)
                self.state.n = 2
                return ui.text("n")
              end,
            })
            return Bad {}
            """)
        #expect(h.errors == ["app.lua:5: Bad: cannot assign state.n: state is read-only; use self:updateState"])
    }

    @Test func handlersUpdateStateOnTheNextTurn() throws {
        let h = try Harness()
        try h.run(
            """
            local ui = require("theolua")
            local Toggle = ui.component("Toggle", {
              initialState = function() return { on = false } end,
              render = function(self)
                return ui.row { gap = 1,
                  ui.text(self.state.on and "ON" or "OFF"),
                  ui.button { "flip", onPress = self:handler("flip") },
                }
              end,
              actions = { flip = function(self) self:updateState(function(s) return { on = not s.on } end) end },
            })
            return Toggle {}
            """)
        #expect(h.errors == [])
    }
}
