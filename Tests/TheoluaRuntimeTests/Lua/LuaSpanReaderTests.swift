import Testing
import TheoluaCanvas
import TheoluaCore
import TheoluaRuntime

/// How spans are made and read: `ui.span` marks its own table, and a text reads its spans
/// in C where it can and in Swift where C is not sure. Both readings must draw the same
/// screen, whatever the script: the Swift one is the oracle here.
@Suite struct LuaSpanReaderTests {
    /// The screen of `source` at 30x6 as a terminal gets it, read in C where it can be
    /// (`inC`) or in Swift throughout.
    private func screen(_ source: String, inC: Bool) throws -> String {
        let app = try LuaApp(nil, width: 30, height: 6)
        app.runtime.bridge.readsTextsInC = inC
        try app.runtime.load(source: source, name: "app.lua")
        try app.runtime.mount()
        return app.lines.joined(separator: "\n") + "\n" + app.runtime.ansiText(colors: .truecolor)
            + app.errors().joined(separator: "\n")
    }

    private func expectSameReading(_ source: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let swift = try screen(source, inC: false)
        let c = try screen(source, inC: true)
        #expect(c == swift, "\(source)", sourceLocation: sourceLocation)
    }

    @Test func bothReadingsDrawTheSameForTheCasesCGivesUpOn() throws {
        let texts = [
            // Plain strings and integers: C reads them.
            #"ui.text { "a", 12, "b", nil, false, "c" }"#,
            // A float: C gives up (Lua formats it its way).
            #"ui.text { "x = ", 1.5, ui.span { 2.25, bold = true } }"#,
            // Bytes that are not UTF-8: C gives up, Swift shows U+FFFD.
            #"ui.text { "ok \xff\xfe", ui.span { "bad \xc3", color = "red" }, " end" }"#,
            // A text element among the items: C gives up.
            #"ui.text { "a ", ui.text { "b", italic = true }, " c" }"#,
            // A link longer than a kept look holds: C gives up.
            #"ui.text { "see ", ui.span { "the docs", link = "https://example.com/" .. string.rep("a", 120) } }"#,
            // Wide characters, clusters and tabs in runs.
            #"ui.text { wrap = "char", ui.span { "日本語", bold = true }, "e\u{301}\t", ui.span { "👍🏽x", dim = true } }"#,
            // Spans nesting, inheriting, and turning off what encloses them.
            #"ui.text { bold = true, "a", ui.span { color = "blue", "b", ui.span { "c", bold = false, bg = 17 } }, "d" }"#,
            // A span with no look of its own, a span of nothing, and one span twice.
            #"(function() local s = ui.span { "twice", underline = true } return ui.text { ui.span { "none" }, ui.span {}, s, " ", s } end)()"#,
        ]
        for text in texts {
            try expectSameReading("local ui = require(\"theolua\")\nreturn \(text)")
        }
    }

    @Test func bothReadingsDrawTheSameForGeneratedParagraphs() throws {
        var random = SeededGenerator(seed: 0x5EED)
        for _ in 0..<60 {
            let lines = (0..<4).map { _ in
                let wrap = ["word", "char", "ellipsis"][Int.random(in: 0..<3, using: &random)]
                return "ui.text { wrap = \"\(wrap)\", \(Self.randomItems(depth: 0, &random)) }"
            }
            try expectSameReading(
                "local ui = require(\"theolua\")\nreturn ui.column {\n" + lines.joined(separator: ",\n") + "\n}")
        }
    }

    /// Random items of a text or span: strings, numbers, nil, false and spans of random
    /// looks, nested up to three deep.
    private static func randomItems(depth: Int, _ random: inout SeededGenerator) -> String {
        let strings = ["alpha ", "b", "", "héllo ", "日本", " ", "x\ty", "long-word-here ", "e\u{301}"]
        var items: [String] = []
        for _ in 0..<Int.random(in: 1...5, using: &random) {
            switch Int.random(in: 0..<10, using: &random) {
            case 0: items.append("\(Int.random(in: -5...500, using: &random))")
            case 1: items.append(Bool.random(using: &random) ? "nil" : "false")
            case 2...5 where depth < 3:
                items.append("ui.span { \(look(&random))\(randomItems(depth: depth + 1, &random)) }")
            default: items.append("\"\(strings[Int.random(in: 0..<strings.count, using: &random)])\"")
            }
        }
        return items.joined(separator: ", ")
    }

    private static func look(_ random: inout SeededGenerator) -> String {
        var fields: [String] = []
        for flag in ["bold", "dim", "italic", "underline", "inverse", "strike"]
        where Int.random(in: 0..<4, using: &random) == 0 {
            fields.append("\(flag) = \(Bool.random(using: &random))")
        }
        let colors = ["\"red\"", "\"brightCyan\"", "\"#12abEF\"", "200", "\"default\"", "\"gray\""]
        func color() -> String { colors[Int.random(in: 0..<colors.count, using: &random)] }
        if Bool.random(using: &random) { fields.append("color = \(color())") }
        if Int.random(in: 0..<4, using: &random) == 0 { fields.append("bg = \(color())") }
        if Int.random(in: 0..<6, using: &random) == 0 {
            fields.append("link = \"https://example.com/\(Int.random(in: 0...9, using: &random))\"")
        }
        return fields.map { $0 + ", " }.joined()
    }

    @Test func moreLooksThanTheReaderKeepsEachStayTheirOwn() throws {
        // 40 looks in one text and then in forty texts: more than C keeps at once, so
        // looks are dropped and made again, and every run keeps the color it was given.
        let app = try LuaApp(
            """
            local ui = require("theolua")
            local runs, lines = {}, {}
            for i = 1, 40 do
              runs[i] = ui.span { "x", color = string.format("#0000%02x", i) }
              lines[i] = ui.text { ui.span { "y", color = string.format("#00%02x00", i) } }
            end
            return ui.column { ui.text(runs), table.unpack(lines) }
            """, width: 40, height: 41)
        for i in 1...40 {
            #expect(app.runtime.screen[i - 1, 0].style.foreground == .rgb(red: 0, green: 0, blue: UInt8(i)))
            #expect(app.runtime.screen[0, i].style.foreground == .rgb(red: 0, green: UInt8(i), blue: 0))
        }
    }

    @Test func aSpanIsItsOwnTableMarked() throws {
        let app = try LuaApp(
            """
            local ui = require("theolua")
            local t = { "mine", bold = true }
            local s = ui.span(t)
            assert(s == t and ui.span(s) == s)
            assert(getmetatable(s) == "theolua.span")
            assert(not pcall(setmetatable, s, {}))
            -- A table with a metatable of its own stays as it is: the span is a copy.
            local own = setmetatable({ "copied", italic = true }, { __index = function() return "x" end })
            local copy = ui.span(own)
            assert(copy ~= own and copy[1] == "copied" and getmetatable(own) ~= "theolua.span")
            return ui.text { s, " ", copy, " ", ui.span("word"), " ", ui.span(42) }
            """, width: 30, height: 1)
        #expect(app.errors() == [])
        #expect(app.lines == ["mine copied word 42"])
        #expect(app.runtime.screen[0, 0].style.attributes == .bold)
        #expect(app.runtime.screen[5, 0].style.attributes == .italic)
    }

    @Test func aSpanMistakeIsSaidAtTheSpansLine() {
        let failure = luaFailure(
            """
            local ui = require("theolua")
            return ui.text {
              "a",
              ui.span { "x", colr = "red" },
            }
            """)
        #expect(
            failure?.contains("app.lua:4: ui.span: unknown prop 'colr' (did you mean 'color'?)") == true,
            "\(failure ?? "")")
        #expect(
            luaFailure(
                """
                local ui = require("theolua")
                return ui.text { ui.span { "x", color = "reed" } }
                """)?.contains("app.lua:2: ui.span: prop 'color': expected color") == true)
        #expect(
            luaFailure(
                """
                local ui = require("theolua")
                return ui.text { ui.span(true) }
                """)?.contains("app.lua:2: ui.span: expected a string or a table, got boolean") == true)
        #expect(
            luaFailure(
                """
                local ui = require("theolua")
                return ui.text { ui.span { "a", {} } }
                """)?.contains("app.lua:2: ui.span: item 2 must be a string or a ui.span, got table") == true)
    }

    @Test func aSpanChangedAfterItWasMadeIsReadAsItIsThen() throws {
        // The check is the span's; the text reads the table as it is when the text is
        // made, and says what is wrong with it then.
        #expect(
            luaFailure(
                """
                local ui = require("theolua")
                local s = ui.span { "x" }
                s.bold = "yes"
                return ui.text { s }
                """)?.contains("app.lua:4: ui.span: prop 'bold': expected boolean") == true)
        let app = try LuaApp(
            """
            local ui = require("theolua")
            local s = ui.span { "x" }
            s.bold = true
            return ui.text { s }
            """, width: 4, height: 1)
        #expect(app.runtime.screen[0, 0].style.attributes == .bold)
    }

    @Test func aParagraphHoldsAtMostTenThousandRuns() throws {
        let failure = luaFailure(
            """
            local ui = require("theolua")
            local items = {}
            for i = 1, 10001 do items[i] = ui.span { "x", bold = i % 2 == 0 } end
            return ui.text(items)
            """)
        #expect(
            failure?.contains("app.lua:4: ui.text: more than 10000 styled runs in one text") == true, "\(failure ?? "")"
        )
        let app = try LuaApp(
            """
            local ui = require("theolua")
            local items = {}
            for i = 1, 10000 do items[i] = ui.span { "x", bold = i % 2 == 0 } end
            return ui.text(items)
            """, width: 4, height: 1)
        #expect(app.errors() == [])
        #expect(app.runtime.screen[1, 0].style.attributes == .bold)
    }

    @Test func spansNestedBeyondTheLimitAreAMistakeNotACrash() {
        let failure = luaFailure(
            """
            local ui = require("theolua")
            local s = ui.span { "deep" }
            for i = 1, 80 do s = ui.span { s } end
            return ui.text { s }
            """)
        #expect(failure?.contains("spans nested deeper than 64") == true, "\(failure ?? "")")
        let cycle = luaFailure(
            """
            local ui = require("theolua")
            local s = ui.span { "loop" }
            s[2] = s
            return ui.text { s }
            """)
        #expect(cycle?.contains("ui.span") == true, "\(cycle ?? "")")
    }
}
