import Testing

@testable import TheoluaMarkdown

/// The parser runs within bounds in proportion to the text: a document that would make
/// cmark-gfm grow without end is read again without the extensions that do, and one
/// that reaches the bounds even so is its text.
@Suite struct MarkdownBoundsTests {
    /// A table of `columns` whose `rows` short rows the parser pads to full width.
    static func paddedTable(columns: Int, rows: Int) -> String {
        String(repeating: "|a", count: columns) + "|\n" + String(repeating: "|-", count: columns) + "|\n"
            + String(repeating: "x\n", count: rows)
    }

    @Test func anOrdinaryTableIsATable() {
        let blocks = Markdown.parse(Self.paddedTable(columns: 20, rows: 50))
        guard case .table(_, let header, let rows)? = blocks.first else {
            Issue.record("\(blocks.prefix(1))")
            return
        }
        #expect(header.count == 20 && rows.count == 50 && rows[0].count == 20)
    }

    @Test func aTablePaddedPastTheBoundsIsShownAsItsText() {
        // 64 million cells from 48 KB: gigabytes in the parser, which stops at its bound.
        let text = Self.paddedTable(columns: 8_000, rows: 8_000)
        let blocks = Markdown.parse(text)
        #expect(!blocks.contains { if case .table = $0 { true } else { false } })
        guard case .paragraph(let runs)? = blocks.first else {
            Issue.record("\(blocks.prefix(1))")
            return
        }
        #expect(runs.first?.text.hasPrefix("|a|a|a") == true)
    }

    @Test func aBoundReachedEndsTheParseWithNothingKept() {
        let bytes = Array(Self.paddedTable(columns: 100, rows: 100).utf8)
        #expect(
            Markdown.parse(bytes, extensions: Markdown.allExtensions, byteLimit: 64 << 10, seconds: 10) == nil)
        #expect(Markdown.parse(bytes, extensions: Markdown.allExtensions, byteLimit: 64 << 20, seconds: 0) == nil)
        let parsed = Markdown.parse(bytes, extensions: Markdown.allExtensions, byteLimit: 64 << 20, seconds: 10)
        #expect(parsed?.count == 1)
    }

    @Test func emailAutolinksPastTheBoundsAreText() {
        let text = String(repeating: "a@b.co ", count: 100_000)
        guard case .paragraph(let runs)? = Markdown.parse(text).first else {
            Issue.record("not a paragraph")
            return
        }
        #expect(runs.count == 1 && runs[0].link == nil && runs[0].text.hasPrefix("a@b.co a@b.co"))
        // A few are links, as ever.
        guard case .paragraph(let linked)? = Markdown.parse("write to a@b.co or c@d.org").first else {
            Issue.record("not a paragraph")
            return
        }
        #expect(linked.compactMap(\.link) == ["mailto:a@b.co", "mailto:c@d.org"])
    }
}

/// A document's links are hyperlinks only for the web and mail.
@Suite struct MarkdownLinkTests {
    @Test func onlyHTTPHTTPSAndMailtoLinksAreLinks() {
        let text = """
            [web](https://example.com) [mail](mailto:a@b.co) [script](javascript:alert(1)) \
            [file](file:///etc/passwd) [app](vscode://open) [relative](docs/a.md) ![img](JavaScript:x)
            """
        guard case .paragraph(let runs)? = Markdown.parse(text).first else {
            Issue.record("not a paragraph")
            return
        }
        #expect(runs.compactMap(\.link) == ["https://example.com", "mailto:a@b.co"])
        #expect(runs.map(\.text).joined() == "web mail script file app relative img")
    }
}
