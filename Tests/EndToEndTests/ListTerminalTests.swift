import Testing

/// `ui.list` and `ui.table` in `theolua run`: keys move through a million items, the
/// selection shows inverse, a following list keeps up with a growing count.
@Suite(.serialized) struct ListTerminalTests {
    @Test func aMillionLineLogScrollsAndFiltersInATerminal() throws {
        let terminal = try TerminalProcess(
            Paths.binary,
            ["run", Paths.package + "/Examples/logs.lua", "--props", #"{"start":1000000,"interval":0.05}"#],
            columns: 80, rows: 12)
        #expect(terminal.waitForScreen(containing: "of 1000001 lines"), "\(terminal.screen.text)")
        terminal.type("\u{09}")  // tab: the list takes focus
        terminal.type("\u{1B}[A\u{1B}[A")  // up, up: it stops following
        #expect(terminal.waitForScreen(containing: "┃9999"), "the focused list's border: \(terminal.screen.text)")
        // Once the keys have surely been read (lines keep coming), the view holds still.
        #expect(terminal.waitForScreen(containing: "of 1000008 lines"), "\(terminal.screen.text)")
        let held = terminal.screen.lines[4]
        #expect(terminal.waitForScreen(containing: "of 1000012 lines"), "\(terminal.screen.text)")
        #expect(terminal.screen.lines[4] == held, "the view stays where the reader is: \(terminal.screen.text)")
        let selectedRow = (0..<12).first { terminal.screen.isInverse(x: 2, y: $0) }
        #expect(selectedRow != nil, "the selection is drawn inverse: \(terminal.screen.text)")
        terminal.type("\u{1B}[Z")  // backtab: back to the filter
        terminal.type("job 41")
        #expect(terminal.waitForScreen(containing: "job 41 done"), "the first slice's matches: \(terminal.screen.text)")
        terminal.type("\u{03}")
        #expect(terminal.waitForExit() == 0)
    }
}
