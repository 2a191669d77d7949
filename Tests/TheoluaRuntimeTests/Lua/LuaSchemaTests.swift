import Foundation
import Testing
import TheoluaCore
import TheoluaLua
import TheoluaRuntime

/// PRODUCT.md §1 "Props schema": every type and table form, accepted and rejected, with
/// the exact message `app.lua:LINE: Comp: prop 'path': expected X, got Y`.
@Suite struct LuaSchemaTests {
    /// An app defining `Comp` with `schema` (line 2), rendering its props as text, and
    /// mounting `Comp { props }` on line 6.
    static func app(schema: String, props: String) -> String {
        """
        local ui = require("theolua")
        local Comp = ui.component("Comp", { props = { \(schema) },
          render = function(self) return ui.text(show(self.props)) end,
        })
        -- the element is made on the next line
        return Comp { \(props) }
        """
    }

    /// Lua that turns any props view into stable text.
    static let prelude = """
        function show(v)
          if type(v) == "userdata" and tostring(v):sub(1, 8) == "element " then return tostring(v) end
          if type(v) == "userdata" and getmetatable(v) == "locked" then
            local ok, len = pcall(function() return #v end)
            local keys = {}
            for k in pairs(v) do keys[#keys + 1] = k end
            table.sort(keys, function(a, b) return tostring(a) < tostring(b) end)
            local parts = {}
            for _, k in ipairs(keys) do parts[#parts + 1] = tostring(k) .. "=" .. show(v[k]) end
            return "{" .. table.concat(parts, ",") .. "}"
          end
          if type(v) == "function" then return "function" end
          return math.type(v) == "float" and string.format("%.1f", v) or tostring(v)
        end
        """

    /// Renders `Comp { props }`: the first screen row, or the error.
    static func render(schema: String, props: String) -> String {
        let source = app(schema: schema, props: props).replacingOccurrences(
            of: "local ui = require(\"theolua\")",
            with: "local ui = require(\"theolua\"); " + prelude.split(separator: "\n").joined(separator: " "))
        do {
            let app = try LuaApp(source, width: 80, height: 1)
            if let error = app.errors().first { return error }
            return app.lines[0]
        } catch {
            return "\(error)"
        }
    }

    static let cases: [(schema: String, props: String, expected: String)] = [
        // Base types.
        ("p = 'string'", "p = 'x'", "{p=x}"),
        ("p = 'string'", "p = 12", "app.lua:6: Comp: prop 'p': expected string, got number (12)"),
        ("p = 'string'", "", "app.lua:6: Comp: prop 'p': expected string, got nil"),
        ("p = 'number'", "p = 1.5", "{p=1.5}"),
        ("p = 'number'", "p = 2", "{p=2}"),
        ("p = 'number'", "p = '3'", "app.lua:6: Comp: prop 'p': expected number, got string (\"3\")"),
        ("p = 'integer'", "p = 7", "{p=7}"),
        ("p = 'integer'", "p = 2.0", "{p=2}"),
        ("p = 'integer'", "p = 1.5", "app.lua:6: Comp: prop 'p': expected integer, got number (1.5)"),
        ("p = 'boolean'", "p = false", "{p=false}"),
        ("p = 'boolean'", "p = 0", "app.lua:6: Comp: prop 'p': expected boolean, got number (0)"),
        ("p = 'function'", "p = print", "{p=function}"),
        ("p = 'function'", "p = 'f'", "app.lua:6: Comp: prop 'p': expected function, got string (\"f\")"),
        ("p = 'element'", "p = ui.text 'e'", "{p=element text{ text = \"e\" }}"),
        ("p = 'element'", "p = {}", "app.lua:6: Comp: prop 'p': expected element, got table"),
        (
            "p = 'elements'", "p = { 'a', false, { ui.text 'b' } }",
            "{p={1=element text{ text = \"a\" },2=element nil,3=element text{ text = \"b\" }}}"
        ),
        (
            "p = 'elements'", "p = { 'a', 3.5, {} , true }",
            "app.lua:6: Comp: prop 'p[4]': expected an element or a string, got boolean (true)"
        ),
        ("p = 'table'", "p = { 1, 2 }", "{p={1=1,2=2}}"),
        ("p = 'table'", "p = { a = { b = 1 } }", "{p={a={b=1}}}"),
        ("p = 'table'", "p = 'no'", "app.lua:6: Comp: prop 'p': expected table, got string (\"no\")"),
        ("p = 'any'", "p = 'x'", "{p=x}"),
        ("p = 'any'", "p = { 1 }", "{p={1=1}}"),
        (
            "p = 'any'", "p = coroutine.create(print)",
            "app.lua:6: Comp: prop 'p': expected a value scripts can pass (nil, boolean, number, string, table, function), got coroutine"
        ),
        // Optional and default.
        ("p = 'string?'", "", "{}"),
        ("p = 'string?'", "p = nil", "{}"),
        ("p = 'string?'", "p = 1", "app.lua:6: Comp: prop 'p': expected string, got number (1)"),
        ("p = { 'integer', default = 3 }", "", "{p=3}"),
        ("p = { 'integer', default = 3 }", "p = 4", "{p=4}"),
        (
            "p = { 'integer', default = 3 }", "p = 'x'",
            "app.lua:6: Comp: prop 'p': expected integer, got string (\"x\")"
        ),
        // Arrays and maps.
        ("p = { 'array', of = 'string' }", "p = { 'a', 'b' }", "{p={1=a,2=b}}"),
        ("p = { 'array', of = 'string' }", "p = {}", "{p={}}"),
        (
            "p = { 'array', of = 'string' }", "p = { 'a', 'b', 3 }",
            "app.lua:6: Comp: prop 'p[3]': expected string, got number (3)"
        ),
        (
            "p = { 'array', of = 'string' }", "p = { x = 'a' }",
            "app.lua:6: Comp: prop 'p': expected array of string, got a table with named fields"
        ),
        (
            "p = { 'array', of = { 'array', of = 'integer' } }", "p = { { 1 }, { 2, 'x' } }",
            "app.lua:6: Comp: prop 'p[2][2]': expected integer, got string (\"x\")"
        ),
        ("p = { 'map', of = 'number' }", "p = { a = 1, b = 2.5 }", "{p={a=1,b=2.5}}"),
        (
            "p = { 'map', of = 'number' }", "p = { bob = 'x' }",
            "app.lua:6: Comp: prop 'p.bob': expected number, got string (\"x\")"
        ),
        (
            "p = { 'map', of = 'number' }", "p = { 1 }",
            "app.lua:6: Comp: prop 'p': expected map of number, got a table with a key of number (1)"
        ),
        // Records.
        (
            "user = { 'record', fields = { name = 'string', age = 'integer?' } }", "user = { name = 'ann' }",
            "{user={name=ann}}"
        ),
        (
            "user = { 'record', fields = { name = 'string', age = 'integer?' } }",
            "user = { name = 'ann', age = 'old' }",
            "app.lua:6: Comp: prop 'user.age': expected integer, got string (\"old\")"
        ),
        (
            "user = { 'record', fields = { name = 'string' } }", "user = {}",
            "app.lua:6: Comp: prop 'user.name': expected string, got nil"
        ),
        (
            "user = { 'record', fields = { name = 'string' } }", "user = { nmae = 'x' }",
            "app.lua:6: Comp: unknown prop 'user.nmae' (did you mean 'name'?)"
        ),
        (
            "items = { 'array', of = { 'record', fields = { title = 'string' } } }",
            "items = { { title = 'a' }, { title = 'b' }, { title = 12 } }",
            "app.lua:6: Comp: prop 'items[3].title': expected string, got number (12)"
        ),
        (
            "user = { 'record', fields = { name = 'string' } }", "user = 5",
            "app.lua:6: Comp: prop 'user': expected record, got number (5)"
        ),
        // Enums and oneOf.
        ("mode = { 'enum', values = { 'a', 'b' } }", "mode = 'b'", "{mode=b}"),
        (
            "mode = { 'enum', values = { 'a', 'b' } }", "mode = 'c'",
            "app.lua:6: Comp: prop 'mode': expected one of 'a', 'b', got string (\"c\")"
        ),
        ("v = { 'oneOf', 'string', 'number' }", "v = 'x'", "{v=x}"),
        ("v = { 'oneOf', 'string', 'number' }", "v = 2", "{v=2}"),
        (
            "v = { 'oneOf', 'string', 'number' }", "v = true",
            "app.lua:6: Comp: prop 'v': expected string or number, got boolean (true)"
        ),
        ("v = { 'oneOf', { 'array', of = 'string' }, 'string' }", "v = { 'a' }", "{v={1=a}}"),
        // Bounds.
        ("n = { 'integer', min = 1, max = 5 }", "n = 5", "{n=5}"),
        (
            "n = { 'integer', min = 1, max = 5 }", "n = 9",
            "app.lua:6: Comp: prop 'n': expected integer from 1 to 5, got number (9)"
        ),
        (
            "n = { 'integer', min = 1, max = 5 }", "n = 0",
            "app.lua:6: Comp: prop 'n': expected integer from 1 to 5, got number (0)"
        ),
        (
            "n = { 'number', min = 0 }", "n = -0.5",
            "app.lua:6: Comp: prop 'n': expected number ≥ 0, got number (-0.5)"
        ),
        (
            "n = { 'number', max = 1.5 }", "n = 2",
            "app.lua:6: Comp: prop 'n': expected number ≤ 1.5, got number (2)"
        ),
        // Unknown props.
        (
            "label = 'string'", "label = 'x', lable = 'y'",
            "app.lua:6: Comp: unknown prop 'lable' (did you mean 'label'?)"
        ),
        ("label = 'string'", "label = 'x', zzz = 1", "app.lua:6: Comp: unknown prop 'zzz'"),
        // Keys and children are not props.
        ("label = 'string'", "label = 'x', key = 'k'", "{label=x}"),
    ]

    @Test(arguments: 0..<cases.count)
    func schemaTypesAcceptAndRejectWithExactMessages(_ index: Int) {
        let (schema, props, expected) = LuaSchemaTests.cases[index]
        let actual = LuaSchemaTests.render(schema: schema, props: props)
        #expect(actual == expected, "schema { \(schema) } with { \(props) }")
    }

    @Test func aSchemaThatContainsItselfIsAnErrorNamingTheField() {
        for setup in [
            "local s = { \"array\" }; s.of = s",
            "local s = { \"map\" }; s.of = { \"oneOf\", \"string\", s }",
            "local f = {}; local s = { \"record\", fields = f }; f.inner = s",
        ] {
            let failure = luaFailure(
                """
                local ui = require("theolua")
                \(setup)
                local C = ui.component("C", { props = { items = s }, render = function() return ui.text "x" end })
                return C {}
                """)
            #expect(failure?.hasPrefix("app.lua:3: C: props schema: field 'items") == true, "\(failure ?? "")")
            #expect(failure?.contains("the schema contains itself") == true, "\(failure ?? "")")
        }
    }

    @Test func aSchemaNestedTooDeeplyIsAnError() {
        let failure = luaFailure(
            """
            local ui = require("theolua")
            local s = "string"
            for i = 1, 100000 do s = { "array", of = s } end
            local C = ui.component("C", { props = { items = s }, render = function() return ui.text "x" end })
            return C {}
            """)
        #expect(failure?.contains("field 'items[][]") == true, "\(failure ?? "")")
        #expect(failure?.contains("type tables nest more than 32 levels deep") == true, "\(failure ?? "")")
    }

    @Test func childrenArePassedWhenTheSchemaDoesNotDeclareThem() {
        #expect(
            LuaSchemaTests.render(schema: "label = 'string'", props: "label = 'l', 'a', 'b'")
                == "{children={1=element text{ text = \"a\" },2=element text{ text = \"b\" }},label=l}")
    }

    @Test func childrenArePassedWhenTheSchemaDeclaresThem() {
        #expect(
            LuaSchemaTests.render(schema: "children = 'elements'", props: "'a', 'b'")
                == "{children={1=element text{ text = \"a\" },2=element text{ text = \"b\" }}}")
        #expect(
            LuaSchemaTests.render(schema: "children = 'elements?'", props: "'a', 'b'")
                == "{children={1=element text{ text = \"a\" },2=element text{ text = \"b\" }}}")
    }

    @Test func declaredChildrenAreValidatedByTheirSchemaType() {
        #expect(
            LuaSchemaTests.render(schema: "children = { 'array?', of = 'string' }", props: "ui.text 'a'")
                == "app.lua:6: Comp: prop 'children[1]': expected string, got element")
    }

    @Test func validationRunsWhenTheElementIsCreatedNotWhenItMounts() throws {
        let app = try LuaApp(
            """
            local ui = require("theolua")
            local Comp = ui.component("Comp", { props = { n = "integer" }, render = function() return "x" end })
            local ok, err = pcall(function() return Comp { n = "bad" } end)
            print(ok, err)
            return ui.text "mounted"
            """, height: 1)
        #expect(
            app.takeLogs() == ["false\tapp.lua:3: Comp: prop 'n': expected integer, got string (\"bad\")"])
        expectScreen(app, ["mounted"])
    }

    @Test func theLineOfAnErrorIsTheLineOfTheCall() {
        let message = luaFailure(
            """
            local ui = require("theolua")
            local Comp = ui.component("Comp", { props = { n = "integer" }, render = function() return "x" end })
            local function make(v)
              return Comp { n = v }
            end
            local Outer = ui.component("Outer", function()
              return make("nope")
            end)
            return Outer {}
            """)
        #expect(message == "app.lua:4: Comp: prop 'n': expected integer, got string (\"nope\")")
    }

    @Test func defaultsAreValidatedWhenTheComponentIsDefined() {
        let message = luaFailure(
            """
            local ui = require("theolua")
            local Bad = ui.component("Bad", {
              props = { n = { "integer", default = "x" } },
              render = function() return "x" end,
            })
            return Bad {}
            """, width: 80)
        #expect(
            message
                == "app.lua:2: Bad: props schema: field 'n': default: expected integer, got string (\"x\")")
    }

    @Test func defaultsOutsideTheirBoundsAreRejectedAtDefinition() {
        let message = luaFailure(
            """
            local ui = require("theolua")
            local Bad = ui.component("Bad", {
              props = { n = { "integer", min = 1, default = 0 } },
              render = function() return "x" end,
            })
            return ui.text "x"
            """, width: 80)
        #expect(
            message
                == "app.lua:2: Bad: props schema: field 'n': default: expected integer ≥ 1, got number (0)")
    }

    @Test func unknownSchemaTypesSuggestTheClosestType() {
        let message = luaFailure(
            """
            local ui = require("theolua")
            local Bad = ui.component("Bad", { props = { n = "integr" }, render = function() return "x" end })
            return Bad {}
            """, width: 80)
        #expect(
            message
                == "app.lua:2: Bad: props schema: field 'n': unknown type 'integr' (did you mean 'integer'?)")
    }

    @Test func aRootComponentIsMountedWithHostPropsValidatedByItsSchema() throws {
        let source = """
            local ui = require("theolua")
            return ui.component("Greeter", {
              props = { name = "string", times = { "integer", default = 1 } },
              render = function(self) return string.rep("hi " .. self.props.name .. " ", self.props.times) end,
            })
            """
        let app = try LuaApp(source, props: ["name": "ann", "times": 2])
        expectScreen(app, ["hi ann hi ann", "", ""])

        let bad = try LuaApp(width: 80, height: 1)
        try bad.runtime.load(source: source)
        #expect(throws: ScriptError.self) { try bad.runtime.mount(props: ["name": 3]) }
        do {
            try bad.runtime.mount(props: ["nmae": "x"])
        } catch {
            #expect("\(error)" == "app.lua:2: Greeter: unknown prop 'nmae' (did you mean 'name'?)")
        }
    }
}
