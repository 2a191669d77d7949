import Testing
import TheoluaCore
import TheoluaLua
@testable import TheoluaRuntime

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

    /// Seventeen levels of `t = {t, t}` are 393,215 values: a large conversion, in which
    /// the shared tables are converted once and counted each time they appear.
    static let largeSharedTables = "local t = {1}; for i = 1, 17 do t = {t, t} end"

    @Test func aTableSharedInALargeConversionCountsEachTimeItAppears() {
        // Twice fits under the bound (786,431 values with the props record), three times
        // does not: a remembered table is still counted again.
        let twice = luaFailure(
            """
            local ui = require("theolua")
            \(Self.largeSharedTables)
            return ui.component("C", function(p) return ui.text "x" end) { a = t, b = t }
            """)
        #expect(twice == nil, "\(twice ?? "")")
        let thrice = luaFailure(
            """
            local ui = require("theolua")
            \(Self.largeSharedTables)
            return ui.component("C", function(p) return ui.text "x" end) { a = t, b = t, c = t }
            """)
        #expect(
            thrice?.hasPrefix("app.lua:3: C: prop: too many values, at most 1000000 in all") == true,
            "\(thrice ?? "")")
    }

    @Test func aTableSharedInALargeConversionIsTheSameValueWhereverItAppears() throws {
        // Sixteen levels, four times: 786,429 values.
        let app = try LuaApp(
            """
            local ui = require("theolua")
            local t = {1}; for i = 1, 16 do t = {t, t} end
            local function leaf(x, turn) for i = 1, 16 do x = x[(i + turn) % 2 + 1] end return x[1] end
            return ui.component("C", function(p)
              return ui.text(#p.a .. " " .. leaf(p.a, 0) .. leaf(p.b, 1) .. leaf(p.c[2], 0) .. " " .. #p.c)
            end) { a = t, b = t, c = { t, t } }
            """, width: 12, height: 1)
        #expect(app.errors().isEmpty)
        #expect(app.lines == ["2 111 2"])
    }

    @Test func aListSharedInALargeListOfChildrenFlattensInOrder() throws {
        // Each level is the one below twice, then its number: the children end with the
        // last three levels' numbers, and the shared lists of 8,191 children in all are
        // flattened from the remembered ones.
        let app = try LuaApp(
            """
            local ui = require("theolua")
            local t = { ui.text "0" }
            for i = 1, 12 do t = { t, t, ui.text(tostring(i)) } end
            return ui.scroll { t }
            """, width: 8, height: 3)
        #expect(app.errors().isEmpty)
        #expect(app.runtime.host.canvas.root?.children.first?.children.count == 8191)
        #expect(app.lines == ["0", "0", "1"])
        app.press("end")
        #expect(app.lines == ["10", "11", "12"])
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
