import Testing

/// `ui.list` and `ui.table` in `theolua run`: keys move through a million items, the
/// selection shows inverse, a following list keeps up with a growing count.
@Suite(.serialized) struct ListTerminalTests {
    @Test func aMillionLineLogScrollsAndFiltersInATerminal() throws {
        let terminal = try TerminalProcess(
            Paths.binary,
            ["run", Paths.package + "/Examples/logs.lua", "--props", #"{"start":1000000,"interval":0.05}"#],
            columns: 80, rows: 12)
        #expect(terminal.wait { (lineCount($0) ?? 0) >= 1_000_001 }, "\(terminal.screen.text)")
        terminal.type("\u{09}")  // tab: the list takes focus
        terminal.type("\u{1B}[A\u{1B}[A")  // up, up: it stops following
        #expect(terminal.waitForScreen(containing: "┃9999"), "the focused list's border: \(terminal.screen.text)")
        // Once the keys have surely been read (lines keep coming), the view holds still.
        // A busy app draws several new lines in one frame, so counts are waited for as
        // "at least", never as one exact figure that a frame may skip.
        #expect(terminal.wait { (lineCount($0) ?? 0) >= 1_000_008 }, "\(terminal.screen.text)")
        let held = terminal.screen.lines[4]
        let heldCount = lineCount(terminal) ?? 0
        #expect(terminal.wait { (lineCount($0) ?? 0) >= heldCount + 4 }, "\(terminal.screen.text)")
        #expect(terminal.screen.lines[4] == held, "the view stays where the reader is: \(terminal.screen.text)")
        let selectedRow = (0..<12).first { terminal.screen.isInverse(x: 2, y: $0) }
        #expect(selectedRow != nil, "the selection is drawn inverse: \(terminal.screen.text)")
        terminal.type("\u{1B}[Z")  // backtab: back to the filter
        terminal.type("job 41")
        #expect(terminal.waitForScreen(containing: "job 41 done"), "the first slice's matches: \(terminal.screen.text)")
        terminal.type("\u{03}")
        #expect(terminal.waitForExit() == 0)
    }

    /// The total in the log's title, "N of TOTAL lines", or nil before it shows.
    private func lineCount(_ terminal: TerminalProcess) -> Int? {
        let words = terminal.screen.text.split(whereSeparator: \.isWhitespace)
        let title = words.indices.dropLast(2).first { words[$0] == "of" && words[$0 + 2] == "lines" }
        return title.flatMap { Int(words[$0 + 1]) }
    }
}
