import Testing
import TheoluaCanvas
import TheoluaCore
import TheoluaMarkdown

@testable import TheoluaRuntime

/// `ui.markdown`: CommonMark with GitHub's tables, read by cmark-gfm, drawn wrapped to
/// the width in a scroll.
@Suite struct MarkdownTests {
    static func app(_ markdown: String) -> String {
        """
        local ui = require("theolua")
        return ui.markdown { grow = 1, [==[\(markdown)]==] }
        """
    }

    @Test func headingsParagraphsAndInlineLooks() throws {
        let app = try LuaApp(
            Self.app("# Notes\n\nSome *emphasis*, **strong**, `code`, ~~gone~~ and a [link](https://example.com).\n"),
            width: 30, height: 5)
        expectScreen(app, ["Notes", "", "Some emphasis, strong, code,", "gone and a link.", ""])
        let screen = app.runtime.screen
        #expect(screen[0, 0].style.attributes.contains(.bold))
        #expect(screen[0, 0].style.foreground == .cyan, "a top heading takes the accent")
        #expect(screen[5, 2].style.attributes.contains(.italic))
        #expect(screen[15, 2].style.attributes.contains(.bold))
        #expect(screen[0, 3].style.attributes.contains(.strike))
        #expect(screen[11, 3].style.attributes.contains(.underline))
        #expect(app.runtime.ansiText.contains("\u{1B}]8;;https://example.com\u{1B}\\"), "a link is a hyperlink")
    }

    @Test func listsNestedOrderedAndTasks() throws {
        let app = try LuaApp(
            Self.app("- one\n- two\n  - nested\n\n3. third\n4. fourth\n\n- [x] done\n- [ ] todo\n"), width: 20, height: 9)
        expectScreen(app, ["• one", "• two", "  ◦ nested", "", "3. third", "4. fourth", "", "☑ done", "☐ todo"])
    }

    @Test func codeQuotesRulesAndTables() throws {
        let app = try LuaApp(
            Self.app(
                "```lua\nlocal x = 1\n```\n\n> quoted words\n\n---\n\n| Name | Size |\n|:-----|-----:|\n| a.md | 12 |\n| b.md | 3400 |\n"),
            width: 24, height: 14)
        expectScreen(
            app,
            [
                "╭─ lua ────────────────╮", "│ local x = 1          │", "╰──────────────────────╯", "",
                "  quoted words", "", "────────────────────────", "", "Name │ Size", "─────┼─────", "a.md │   12",
                "b.md │ 3400", "", "",
            ])
        #expect(app.runtime.screen[0, 4].style.background == .gray, "the quote's bar")
    }

    @Test func aPlainStringIsTheDocument() throws {
        let app = try LuaApp(
            """
            local ui = require("theolua")
            return ui.markdown "## Title\\n\\ntext"
            """, width: 10, height: 3)
        expectScreen(app, ["Title", "", "text"])
    }

    @Test func aLongDocumentScrollsWithTheKeys() throws {
        var document = ""
        for section in 1...200 { document += "## Section \(section)\n\nText of section \(section).\n\n" }
        let app = try LuaApp(Self.app(document), width: 24, height: 6)
        #expect(app.lines[0] == "Section 1")
        app.press("pagedown")
        #expect(app.lines[0] == "Text of section 2.", "a page down: the next six rows")
        app.press("end")
        #expect(app.lines.contains("Text of section 200."))
        app.press("home")
        #expect(app.lines[0] == "Section 1")
        #expect(app.errors() == [])
    }

    @Test func anySizeDrawsWithoutErrors() throws {
        let document = "# T\n\n- a\n- b\n\n| x | y |\n|---|---|\n| 1 | 2 |\n\n```\ncode\n```\n\n> q\n"
        for (width, height) in [(1, 1), (2, 1), (3, 2), (7, 3), (13, 5), (41, 9)] {
            let app = try LuaApp(Self.app(document), width: width, height: height)
            app.press("pagedown end home")
            #expect(app.errors() == [], "\(width)x\(height)")
            #expect(app.runtime.text.split(separator: "\n", omittingEmptySubsequences: false).count == height)
        }
    }

    @Test func theParserGivesBlocksAndRuns() {
        let blocks = Markdown.parse("# A *b*\n\n1. x\n\n| h |\n|---|\n| c |\n")
        #expect(blocks.count == 3)
        guard case .heading(1, let runs) = blocks[0] else {
            Issue.record("a heading first, got \(blocks[0])")
            return
        }
        #expect(runs.map(\.text) == ["A ", "b"])
        #expect(runs[1].italic)
        guard case .list(true, 1, let items) = blocks[1], case .table(_, let header, let rows) = blocks[2] else {
            Issue.record("a list and a table, got \(blocks)")
            return
        }
        #expect(items.count == 1)
        #expect(header.map { $0.map(\.text).joined() } == ["h"])
        #expect(rows.map { $0.map { $0.map(\.text).joined() } } == [["c"]])
        // Input that is not UTF-8 or is hostile is text, never a crash.
        _ = Markdown.parse(String(decoding: [0xFF, 0xFE, 0x23, 0x20, 0x00, 0x5B], as: UTF8.self))
        _ = Markdown.parse(String(repeating: "> ", count: 10_000) + "deep")
        _ = Markdown.parse(String(repeating: "[", count: 50_000))
    }

    @Test func swiftHostsMakeOneToo() throws {
        let runtime = try Runtime(width: 12, height: 3)
        runtime.mount(.markdown("# Hi\n\n- a"))
        #expect(runtime.lines == ["Hi", "", "• a"])
    }
}
