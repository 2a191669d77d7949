import Testing
import TheoluaCore
import TheoluaLua
import TheoluaRuntime

/// One conversion of a Lua value visits a bounded number of values, however the value
/// shares its tables: sixty levels of `t = {t, t}` are 61 tables and 2^60 paths.
@Suite struct LuaConversionBoundsTests {
    static let sharedTables = "local t = {1}; for i = 1, 60 do t = {t, t} end"

    @Test func sharedSubtablesAsAPropAreAnErrorNotAnExplosion() {
        let failure = luaFailure(
            """
            local ui = require("theolua")
            \(Self.sharedTables)
            local C = ui.component("C", function(p) return ui.text "x" end)
            return ui.column { C { data = t } }
            """)
        #expect(
            failure
                == "app.lua:4: C: prop: too many values, at most 1000000 in all (an element counts the elements it holds, and what appears more than once counts each time)",
            "\(failure ?? "")")
    }

    @Test func sharedSubtablesAsAnEmitPayloadOrHandlerArgumentAreErrors() throws {
        let app = try LuaApp(
            """
            local ui = require("theolua")
            \(Self.sharedTables)
            return ui.component("App", {
              render = function(self) return ui.button { "go", onPress = self:handler("go") } end,
              actions = {
                go = function(self)
                  local ok, message = pcall(ui.emit, "big", t)
                  print(message)
                  self:handler("other")(t)
                end,
                other = function() end,
              },
            })
            """)
        app.press("enter")
        #expect(app.takeLogs().first?.contains("ui.emit: payload: too many values, at most 1000000 in all") == true)
        #expect(app.errors().first?.contains("App: handler: argument 1: too many values, at most 1000000 in all") == true)
        #expect(app.takeEmitted().isEmpty)
    }

    @Test func sharedListsOfChildrenAreAnError() {
        let failure = luaFailure(
            """
            local ui = require("theolua")
            local t = { ui.text "x" }; for i = 1, 60 do t = {t, t} end
            return ui.column { t }
            """)
        #expect(failure?.contains("ui.column: child: too many values, at most 1000000 in all") == true, "\(failure ?? "")")
    }

    @Test func manyNestedListsOfChildrenFlattenInOrder() throws {
        let app = try LuaApp(
            """
            local ui = require("theolua")
            local pairs = {}
            for i = 1, 20000 do pairs[i] = { ui.text(tostring(i)), i % 2 == 0 and "even" or nil } end
            return ui.column { pairs }
            """, height: 4)
        #expect(app.errors().isEmpty)
        #expect(app.lines == ["1", "2", "even", "3"])
    }
}
