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

    // MARK: Errors the core finds once a render has returned

    /// The first error of `source` mounted with a text limit of `textBytes`.
    private func failure(_ source: String, textBytes: Int) throws -> String? {
        let app = try LuaApp()
        app.runtime.reconciler.limits = HostLimits(textBytes: textBytes)
        try app.runtime.load(source: source)
        try app.runtime.mount()
        return app.errors().first
    }

    @Test func textPastTheLimitInsideAProviderNamesTheScriptComponentRenderingIt() throws {
        let error = try failure(
            """
            local ui = require("theolua")
            local Theme = ui.context("light")
            local Log = ui.component("Log", function()
              return Theme.provide { value = "dark", ui.text(string.rep("x", 600)), ui.text(string.rep("y", 600)) }
            end)
            return ui.column { Log {} }
            """, textBytes: 1000)
        #expect(
            error
                == "app.lua:3: Log: the elements mounted would hold more than 1000 bytes of text at once (the host's"
                + " limit); show long texts a part at a time")
    }

    @Test func textPastTheLimitAtTheTopLevelNamesTheLineThatMadeTheRoot() throws {
        let error = try failure(
            """
            local ui = require("theolua")
            local a = ui.text(string.rep("x", 600))

            return ui.column {
              a, ui.text(string.rep("y", 600)),
            }
            """, textBytes: 1000)
        #expect(error?.hasPrefix("app.lua:4: ui.column: the elements mounted would hold more than 1000 bytes") == true)
    }

    @Test func textPastTheLimitInAListItemNamesTheComponentOfTheList() throws {
        let error = try failure(
            """
            local ui = require("theolua")
            local Feed = ui.component("Feed", function()
              return ui.list { count = 3, render = function(i) return string.rep("x", 600) end }
            end)
            return Feed {}
            """, textBytes: 1000)
        #expect(error?.hasPrefix("app.lua:2: Feed: the elements mounted would hold more than 1000 bytes") == true)
    }

    @Test func aListItemThatIsNotAnElementNamesTheRenderFunctionAndItsComponent() {
        let failure = luaFailure(
            """
            local ui = require("theolua")
            local Feed = ui.component("Feed", function()
              return ui.list { count = 3,
                render = function(i) return { i } end }
            end)
            return Feed {}
            """)
        #expect(
            failure
                == "app.lua:4: Feed: list item render(1) must return an element, a string or nil, got a table (make the"
                + " item with ui.text, ui.row, ...)")
    }

    @Test func aTableCellThatIsNotAnElementNamesTheCellFunctionAndItsComponent() {
        let failure = luaFailure(
            """
            local ui = require("theolua")
            local Grid = ui.component("Grid", function()
              return ui.table { columns = { { title = "a" } }, count = 2,
                cell = function(row, col)
                  return row == 2
                end }
            end)
            return Grid {}
            """, height: 4)
        #expect(
            failure == "app.lua:4: Grid: table cell(1, 1) must return an element, a string or nil, got boolean (false)")
    }

    @Test func anErrorInAListItemNamesTheComponentThatMadeTheFunction() {
        let failure = luaFailure(
            """
            local ui = require("theolua")
            local Feed = ui.component("Feed", function()
              return ui.list { count = 3, render = function(i) error("no item " .. i) end }
            end)
            return Feed {}
            """)
        #expect(failure == "app.lua:3: Feed: no item 1")
    }

    @Test func providersNestedTooDeepAreAnErrorAtTheLineThatNestsThem() {
        let failure = luaFailure(
            """
            local ui = require("theolua")
            local Theme = ui.context("light")
            local Deep = ui.component("Deep", function()
              local e = ui.text "leaf"
              for i = 1, 600 do e = Theme.provide { value = i, e } end
              return e
            end)
            return Deep {}
            """)
        #expect(failure == "app.lua:5: Deep: context.provide: elements nested deeper than 500 levels")
    }

    @Test func aComponentProvidingAroundItselfWithoutEndNamesTheComponent() {
        let failure = luaFailure(
            """
            local ui = require("theolua")
            local Theme = ui.context("light", "Theme")
            local Nest
            Nest = ui.component("Nest", function()
              return Theme.provide { value = "dark", Nest {} }
            end)
            return Nest {}
            """, limits: ScriptLimits(memoryBytes: 64 << 20, instructions: 50_000_000))
        #expect(
            failure
                == "app.lua:4: Nest: the tree is deeper than 500 levels: does a component render itself without end?")
    }

    @Test func aProviderRepeatingItselfIsBoundedWhereItIsMade() {
        let failure = luaFailure(
            """
            local ui = require("theolua")
            local Theme = ui.context("light", "Theme")
            local e = ui.text "x"
            for i = 1, 25 do e = Theme.provide { e, e } end
            return e
            """)
        #expect(
            failure?.hasPrefix("app.lua:4: Theme.provide: child: too many values, at most 1000000") == true,
            "\(failure ?? "")")
    }

    @Test func rootPropsTheSchemaRefusesNameTheComponentsDefinition() {
        let failure = luaFailure(
            """
            local ui = require("theolua")
            return ui.component("Counter", {
              props = { label = "string" },
              render = function(self) return ui.text(self.props.label) end,
            })
            """, props: ["label": .int(3)])
        #expect(failure == "app.lua:2: Counter: prop 'label': expected string, got number (3)")
    }
}
