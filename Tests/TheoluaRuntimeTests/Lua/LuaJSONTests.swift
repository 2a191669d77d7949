import Testing
import TheoluaCore
import TheoluaRuntime

/// `ui.json` (docs/lua-api.md, JSON): documents read into Lua values and written back,
/// errors that name the line and column (or the path of the value), and the same
/// reading as the host's own parser.
@Suite struct LuaJSONTests {
    /// The lines a script returns as `ui.column` of texts: `lines(...)` in the script.
    private func run(_ body: String, height: Int = 8, width: Int = 100) throws -> [String] {
        let app = try LuaApp(
            """
            local ui = require("theolua")
            local out = {}
            local function show(...) for _, v in ipairs({ ... }) do out[#out + 1] = ui.text { tostring(v), wrap = "none" } end end
            \(body)
            return ui.column(out)
            """, width: width, height: height)
        #expect(app.errors() == [])
        return Array(app.lines.prefix { !$0.isEmpty })
    }

    @Test func aDocumentReadsIntoTablesNumbersStringsAndNull() throws {
        let lines = try run(
            #"""
            local t = ui.json.decode('{"name": "Ada", "tags": ["a", "b"], "n": 3, "x": 2.5, "ok": true, "none": null, "e": 1e2}')
            show(t.name, #t.tags, t.tags[2], math.type(t.n), math.type(t.x), t.ok, t.none == ui.json.null, t.e, math.type(t.e))
            """#, height: 10)
        #expect(lines == ["Ada", "2", "b", "integer", "float", "true", "true", "100.0", "float"])
    }

    @Test func integersStayExactAndFloatsReadBackTheSame() throws {
        let lines = try run(
            #"""
            local t = ui.json.decode('[9007199254740993, -9223372036854775808, 9223372036854775808, 0.1, -0.0, 1.5e-7]')
            show(math.type(t[1]), t[1], math.type(t[2]), math.type(t[3]))
            show(ui.json.encode(t))
            show(ui.json.decode(ui.json.encode(0.1)) == 0.1, ui.json.encode(1.0), ui.json.encode(-3))
            """#)
        #expect(
            lines == [
                "integer", "9007199254740993", "integer", "float",
                "[9007199254740993,-9223372036854775808,9.2233720368547758e+18,0.1,-0.0,1.5e-07]",
                "true", "1.0", "-3",
            ])
    }

    @Test func escapesAndSurrogatePairsBecomeUTF8AndAreWrittenBack() throws {
        let lines = try run(
            #"""
            local s = ui.json.decode('"tab\\there \\"q\\" \\u00e9 \\ud83d\\ude00 \\ud800 \\/"')
            show(s:gsub("\t", "<TAB>"))
            show(ui.json.encode("a\nb\"c\\d\1"))
            """#)
        #expect(lines == ["tab<TAB>here \"q\" é 😀 � /", "1", #""a\nb\"c\\d\u0001""#])
    }

    @Test func bytesThatAreNotUTF8ReadAsReplacementCharacters() throws {
        // A stray byte, a sequence cut short and a surrogate's bytes: one U+FFFD each, as
        // the host reads text; so what decode reads, encode can write.
        let lines = try run(
            #"""
            local s = ui.json.decode('"a\255b\226\130c\237\160\128d"')
            show(s, #s, ui.json.encode(s))
            """#)
        #expect(lines == ["a�b�c���d", "19", #""a�b�c���d""#])
    }

    @Test func writingSortsKeysAndTellsArraysFromObjects() throws {
        let lines = try run(
            #"""
            show(ui.json.encode({ b = 1, a = { 3, 2, 1 }, c = {}, d = ui.json.object(), e = ui.json.null }))
            show(ui.json.encode(ui.json.decode('{"empty": {}, "list": []}')))
            """#)
        #expect(lines == [#"{"a":[3,2,1],"b":1,"c":[],"d":{},"e":null}"#, #"{"empty":{},"list":[]}"#])
    }

    @Test func theMarkersMetatablesAreOutOfScriptsReach() throws {
        // A script that could reach the object marker could give it a __gc, which every
        // table made with it would then run with no budget.
        let lines = try run(
            #"""
            show(getmetatable(ui.json.object()), getmetatable(ui.json.null), getmetatable(ui.json.decode("{}")))
            show(select(2, pcall(setmetatable, ui.json.object(), {})))
            """#)
        #expect(lines == ["json.object", "false", "json.object", "cannot change a protected metatable"])
    }

    @Test func prettyOutputIndentsByTwo() throws {
        let lines = try run(
            #"""
            for line in ui.json.encode({ a = { 1, { b = true } }, z = "x" }, { pretty = true }):gmatch("[^\n]+") do show(line) end
            """#, height: 12)
        #expect(
            lines == [
                "{", #"  "a": ["#, "    1,", "    {", #"      "b": true"#, "    }", "  ],", #"  "z": "x""#, "}",
            ])
    }

    @Test func aMalformedDocumentNamesTheLineAndColumn() throws {
        let lines = try run(
            #"""
            for _, text in ipairs({ '{\n  "a": 1,\n  "b" 2\n}', '[1, 2', '"é\\x"', '01', '{"a":1} x', '', 'nul', '"\1"' }) do
              local ok, err = pcall(ui.json.decode, text)
              show(err)
            end
            """#, height: 10, width: 140)
        #expect(
            lines == [
                "ui.json.decode: line 3, column 7: expected ':' after a member name, got '2'",
                "ui.json.decode: line 1, column 6: expected ',' or ']' after an array item, got the end of the text",
                #"ui.json.decode: line 1, column 3: an unknown escape in a string (\", \\, \/, \b, \f, \n, \r, \t or \uXXXX)"#,
                "ui.json.decode: line 1, column 1: a number cannot start with 0 followed by digits",
                "ui.json.decode: line 1, column 9: expected the end of the text after the value, got 'x'",
                "ui.json.decode: line 1, column 1: expected a value, got the end of the text",
                "ui.json.decode: line 1, column 1: expected a value (an object, an array, a string, a number, true, false or null), got 'n'",
                "ui.json.decode: line 1, column 2: a control character in a string must be escaped",
            ])
    }

    @Test func whatHasNoJSONFormIsAnErrorNamingWhereItIs() throws {
        let lines = try run(
            #"""
            local cycle = {} cycle.me = cycle
            for _, value in ipairs({
              { list = { 1, nil, 3 } }, { [1] = 1, x = 2 }, { f = print }, { n = 0/0 }, { s = "\255" },
              { deep = { cycle } }, { [true] = 1 }, coroutine.create(print),
            }) do
              local ok, err = pcall(ui.json.encode, value)
              show(err)
            end
            """#, height: 10)
        #expect(
            lines == [
                "ui.json.encode: at .list: an array with holes (write ui.json.null where an item is missing)",
                "ui.json.encode: a table with both array items and named fields",
                "ui.json.encode: at .f: a function has no JSON form",
                "ui.json.encode: at .n: NaN and infinities have no JSON form",
                "ui.json.encode: at .s: a string that is not UTF-8 (byte 1 is 0xFF)",
                "ui.json.encode: at .deep[1].me: a table that contains itself",
                "ui.json.encode: a table key that is neither a string nor a positive integer",
                "ui.json.encode: a thread has no JSON form",
            ])
    }

    @Test func nestingIsBoundedAsForProps() throws {
        let lines = try run(
            #"""
            local ok, err = pcall(ui.json.decode, string.rep("[", 600) .. string.rep("]", 600))
            show(err)
            show(#ui.json.encode(ui.json.decode(string.rep("[", 500) .. string.rep("]", 500))))
            local t = {} local at = t for _ = 1, 600 do at[1] = {} at = at[1] end
            ok, err = pcall(ui.json.encode, t)
            show(err:sub(1, 40))
            """#)
        #expect(
            lines == [
                "ui.json.decode: line 1, column 513: arrays and objects nested deeper than 512 levels", "1000",
                "ui.json.encode: at [1][1][1][1][1][1][1]",
            ])
    }

    @Test func nullIsNilInPropsAndAnEmptyObjectARecord() throws {
        let app = try LuaApp(
            """
            local ui = require("theolua")
            local Row = ui.component("Row", {
              props = { item = "any" },
              render = function(self) return ui.text(tostring(self.props.item.note)) end,
            })
            return Row { item = ui.json.decode('{"note": null, "more": {}}') }
            """, width: 60, height: 1)
        #expect(app.lines == ["nil"])
        #expect(app.runtime.componentTree.first?.props["item"] == ["note": .null, "more": .record(Record())])
    }

    @Test func aHugeDocumentIsChargedToTheBudgetAndTheMemoryCap() throws {
        let document = "[" + String(repeating: "12345678,", count: 400_000) + "1]"
        let budget = #expect(throws: ScriptError.self) {
            _ = try LuaApp(
                "local ui = require('theolua') ui.json.decode(ui.document) return ui.text('read')",
                width: 20, height: 1, limits: ScriptLimits(memoryBytes: 256 << 20, instructions: 200_000),
                props: ["document": .string(document)])
        }
        _ = budget
        let decoded = try LuaApp(
            """
            local ui = require("theolua")
            return ui.component("Big", {
              props = { document = "string" },
              render = function(self) return ui.text(#ui.json.decode(self.props.document) .. " items") end,
            })
            """, width: 20, height: 1, props: ["document": .string(document)])
        #expect(decoded.lines == ["400001 items"])
        // A render's error is shown, not thrown: the app goes on.
        let capped = try LuaApp(
            """
            local ui = require("theolua")
            return ui.component("Big", {
              props = { document = "string" },
              render = function(self) return ui.text(#ui.json.decode(self.props.document) .. " items") end,
            })
            """, width: 20, height: 1, limits: ScriptLimits(memoryBytes: 4 << 20, instructions: 50_000_000),
            props: ["document": .string("[" + String(repeating: "1,", count: 400_000) + "1]")])
        let errors = capped.errors()
        #expect(errors.count == 1 && errors[0] == "app.lua:4: Big: memory limit of 4 MiB exceeded", "\(errors)")
    }

    @Test func theLuaReadingAgreesWithTheHostParser() throws {
        let documents = [
            #"{"a": [1, -2, 3.25, 1e-3, true, false, null], "b": {"c": "d\u0041\n"}, "e": []}"#,
            #"[0, -0, 123456789012345678, 1.0, 2E+10, "\ud83d\ude00", {}]"#,
            #"  "just a string"  "#, "42", "[[[[[]]]]]",
        ]
        for document in documents {
            let host = try Value.parseJSON(document)
            let app = try LuaApp(
                """
                local ui = require("theolua")
                return ui.component("Echo", {
                  props = { doc = "any" },
                  render = function(self) return ui.text("") end,
                }) { doc = ui.json.decode(\(Self.luaString(document))) }
                """, width: 10, height: 1)
            let tree = app.runtime.componentTree
            #expect(tree.first?.props["doc"] == host, "\(document)")
        }
    }

    /// `text` as a Lua long string literal.
    static func luaString(_ text: String) -> String {
        "[==[" + text + "]==]"
    }
}
