import Testing

/// The in-test terminal emulator the pseudo-terminal tests read screens with.
@Suite struct ScreenModelTests {
    private func screen(_ width: Int, _ height: Int, _ bytes: String) -> ScreenModel {
        var model = ScreenModel(width: width, height: height)
        model.feed(Array(bytes.utf8))
        return model
    }

    @Test func absoluteAndRelativeMovesPlaceText() {
        let model = screen(8, 3, "\u{1B}[2;3Hab\u{1B}[Hx\u{1B}[3;8Hz\u{1B}[2D\u{1B}[Ay\r\nq")
        #expect(model.lines == ["x", "  ab y", "q      z"])
    }

    @Test func eraseAndClearRemoveText() {
        let model = screen(6, 2, "abcdef\u{1B}[2;1Hghijkl\u{1B}[1;3H\u{1B}[K")
        #expect(model.lines == ["ab", "ghijkl"])
        #expect(screen(4, 2, "ab\u{1B}[2J").lines == ["", ""])
    }

    @Test func stylesAreIgnoredAndModesTracked() {
        let model = screen(10, 1, "\u{1B}[?1049h\u{1B}[?25l\u{1B}[?2026h\u{1B}[1;38;5;196mred\u{1B}[m\u{1B}[?2026l")
        #expect(model.lines == ["red"])
        #expect(model.alternateScreen)
        #expect(!model.cursorVisible)
        #expect(!model.inSynchronizedUpdate)
        let left = screen(10, 1, "\u{1B}[?1049h\u{1B}[?25lx\u{1B}[0m\u{1B}[?25h\u{1B}[?1049l")
        #expect(!left.alternateScreen && left.cursorVisible)
    }

    @Test func sequencesAndCharactersSplitAcrossChunksStillApply() {
        var model = ScreenModel(width: 6, height: 2)
        let bytes = Array("\u{1B}[2;2H╭─é".utf8)
        for byte in bytes { model.feed([byte]) }
        #expect(model.lines == ["", " ╭─é"])
    }

    @Test func wideCharactersTakeTwoCells() {
        let model = screen(6, 1, "日本\u{1B}[1;5Hx")
        #expect(model.lines == ["日本x"])
    }
}
