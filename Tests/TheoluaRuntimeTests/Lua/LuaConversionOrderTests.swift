import Testing
import TheoluaRuntime

/// A conversion that fails reports the same error in every run, although Lua traverses
/// a table's string keys in an order that follows each state's hash seed: of several
/// wrong fields the first by name is reported, a key of the wrong kind or a mix of items
/// and names before any field.
@Suite struct LuaConversionOrderTests {
    /// The failures of `source` loaded into `runs` fresh states (each with its own seed).
    static func failures(_ source: String, runs: Int = 24) -> Set<String> {
        Set((0..<runs).map { _ in luaFailure(source) ?? "no failure" })
    }

    static let eightWrongFields = "{ h = 8, b = 2, f = 6, d = 4, a = 1, g = 7, c = 3, e = 5 }"

    @Test func aRecordSchemaNamesTheFirstWrongFieldByName() {
        let failures = Self.failures(
            """
            local ui = require("theolua")
            local fields = {}
            for _, name in ipairs { "a", "b", "c", "d", "e", "f", "g", "h" } do fields[name] = "string" end
            local C = ui.component("C", { props = { r = { "record", fields = fields } }, render = function() end })
            return C { r = \(Self.eightWrongFields) }
            """)
        #expect(failures == ["app.lua:5: C: prop 'r.a': expected string, got number (1)"])
    }

    @Test func unknownPropsAreNamedFirstByNameAmongWrongOnes() {
        let failures = Self.failures(
            """
            local ui = require("theolua")
            return ui.text { "x", zcolor = 1, bold = 2, ycolor = 3, italic = 4, xcolor = 5 }
            """)
        #expect(failures.count == 1, "\(failures)")
        #expect(failures.first?.contains("'bold'") == true, "\(failures)")
    }

    @Test func aMapOrAnyValueNamesTheFirstWrongFieldByName() {
        let failures = Self.failures(
            """
            local ui = require("theolua")
            local C = ui.component("C", { props = { m = { "map", of = "string" }, v = "any" }, render = function() end })
            local t = \(Self.eightWrongFields)
            for k in pairs(t) do t[k] = { [k] = coroutine.create(print) } end
            return C { m = { q = "fine", z = 1, k = 2, p = 3 }, v = t }
            """)
        #expect(failures == ["app.lua:5: C: prop 'm.k': expected string, got number (2)"])
    }

    @Test func aWrongKeyComesBeforeAMixAndAMixBeforeAnyField() {
        let wrongKey = Self.failures(
            """
            local ui = require("theolua")
            return ui.component("C", function() end) { v = { 1, 2, a = {}, b = coroutine.create(print), [true] = 1, [2.5] = 2 } }
            """)
        #expect(wrongKey.count == 1, "\(wrongKey)")
        #expect(wrongKey.first?.contains("got a table with a key of boolean (true)") == true, "\(wrongKey)")
        let mixed = Self.failures(
            """
            local ui = require("theolua")
            return ui.component("C", function() end) { v = { 1, 2, a = coroutine.create(print), b = 1 } }
            """)
        #expect(mixed == ["app.lua:2: C: prop 'v': expected a sequence or a record, got a mixed table (both array items and named fields)"])
    }

    @Test func goingOverTheValueBoundNamesNoField() {
        let failures = Self.failures(
            """
            local ui = require("theolua")
            local t = {1}; for i = 1, 19 do t = {t, t} end
            return ui.component("C", function() end) { a = t, b = t, c = t, d = 1 }
            """, runs: 6)
        #expect(failures.count == 1, "\(failures)")
        #expect(failures.first?.hasPrefix("app.lua:3: C: prop: too many values, at most 1000000 in all") == true, "\(failures)")
    }
}
