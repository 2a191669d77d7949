import Testing
import TheoluaCore
import TheoluaLua
import TheoluaRuntime

/// Errors found after a script's call has returned still name the line that caused them.
@Suite struct LuaErrorLocationTests {
    @Test func aDuplicateKeyNamesTheLineThatMadeTheList() {
        let failure = luaFailure(
            """
            local ui = require("theolua")
            return ui.component("C", { render = function(self)
              return ui.column {
                ui.text { "a", key = "a" },
                ui.text { "b", key = "a" },
              }
            end }) {}
            """)
        #expect(failure == "app.lua:3: C: Duplicate key 'a' among children of ui.column: give each child a unique key")
    }

    @Test func aDuplicateKeyInARenderResultNamesTheComponentsDefinition() {
        let failure = luaFailure(
            """
            local ui = require("theolua")
            return ui.component("C", { render = function(self)
              return { ui.text { "a", key = 1 }, ui.text { "b", key = 1 } }
            end }) {}
            """)
        #expect(failure == "app.lua:2: C: Duplicate key 1 among children of its render result: give each child a unique key")
    }

    @Test func updatesThatNeverSettleNameTheUpdateStateCall() {
        let failure = luaFailure(
            """
            local ui = require("theolua")
            return ui.component("C", {
              initialState = function() return { n = 0 } end,
              render = function(self)
                self:updateState(function(s) return { n = s.n + 1 } end)
                return ui.text(tostring(self.state.n))
              end,
            }) {}
            """)
        #expect(failure == "app.lua:5: C: updates did not settle after 10000 turns: a component updates its state on every render")
    }

    @Test func anUpdaterReturningWhatStateCannotHoldNamesTheUpdateStateCall() throws {
        let app = try LuaApp(
            """
            local ui = require("theolua")
            return ui.component("C", {
              render = function(self) return ui.button { "go", onPress = self:handler("go") } end,
              actions = { go = function(self)
                self:updateState(function(s) return coroutine.create(print) end)
              end },
            }) {}
            """)
        app.press("enter")
        #expect(app.errors() == ["app.lua:5: C: new state: expected a value scripts can pass (nil, boolean, number, string, table, function), got coroutine"])
    }
}
