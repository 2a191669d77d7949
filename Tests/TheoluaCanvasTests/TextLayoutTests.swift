import Testing

@testable import TheoluaCanvas

@Suite struct TextLayoutTests {
    private func screen(_ content: String, _ textStyle: TextStyle = TextStyle(), width: Int, height: Int)
        -> CellBuffer
    {
        render(box(BoxStyle(), [text(content, textStyle)]), width: width, height: height)
    }

    @Test func wordWrapBreaksAtSpaces() {
        expectScreen(screen("the quick brown fox", width: 7, height: 4), ["the", "quick", "brown", "fox"])
        expectScreen(screen("the quick brown fox", width: 10, height: 2), ["the quick", "brown fox"])
    }

    @Test func wordWrapBreaksAnOverlongWordBetweenCharacters() {
        expectScreen(screen("abcdefghijklmno", width: 10, height: 2), ["abcdefghij", "klmno"])
        expectScreen(screen("ab verylongword", width: 5, height: 4), ["ab", "veryl", "ongwo", "rd"])
    }

    @Test func wordWrapKeepsLeadingIndentButDropsSpacesAtBreaks() {
        expectScreen(screen("  ab cd   ef", width: 5, height: 3), ["  ab", "cd", "ef"])
    }

    @Test func charWrapBreaksAnywhere() {
        expectScreen(
            screen("the quick brown fox", TextStyle(wrap: .char), width: 7, height: 3),
            ["the qui", "ck brow", "n fox"])
    }

    @Test func noWrapClipsAtTheBox() {
        expectScreen(
            screen("the quick brown fox", TextStyle(wrap: .none), width: 7, height: 2), ["the qui", ""])
    }

    @Test func ellipsisEndsAnOverlongLineWithAnEllipsis() {
        expectScreen(
            screen("the quick brown fox\nshort", TextStyle(wrap: .ellipsis), width: 7, height: 2),
            ["the qu…", "short"])
    }

    @Test func newlinesBreakLines() {
        expectScreen(screen("a\nb\n\nc", width: 3, height: 4), ["a", "b", "", "c"])
    }

    @Test func alignPlacesEachLine() {
        expectScreen(screen("ab\nabcd", TextStyle(align: .center), width: 9, height: 2), ["   ab", "  abcd"])
        expectScreen(
            screen("ab\nabcd", TextStyle(align: .right), width: 9, height: 2), ["       ab", "     abcd"])
        expectScreen(screen("ab", TextStyle(align: .left), width: 9, height: 1), ["ab"])
    }

    @Test func wrappedLinesAreAlignedToo() {
        expectScreen(screen("aa bbbb", TextStyle(align: .right), width: 5, height: 2), ["   aa", " bbbb"])
    }

    @Test func wideCharactersWrapWhole() {
        expectScreen(screen("漢字漢字", width: 5, height: 2), ["漢字", "漢字"])
        expectScreen(screen("漢字", TextStyle(wrap: .char), width: 3, height: 2), ["漢", "字"])
    }

    @Test func wideCharacterNeverSplitsAtTheBoxEdge() {
        let buffer = render(
            box(
                BoxStyle(direction: .row),
                [box(BoxStyle(width: .cells(3)), [text("漢字", TextStyle(wrap: .none))]), text("|")]),
            width: 6, height: 1)
        expectScreen(buffer, ["漢 |"])
        #expect(buffer[2, 0] == .blank)
    }

    @Test func emojiAndCombiningMarksMeasureRight() {
        expectScreen(screen("😀e\u{301}x", width: 4, height: 1), ["😀e\u{301}x"])
        expectScreen(screen("😀😀😀", width: 5, height: 2), ["😀😀", "😀"])
    }

    @Test func tabsBecomeSpacesAndControlsDisappear() {
        expectScreen(screen("a\tb\u{07}c", width: 8, height: 1), ["a    bc"])
    }

    @Test func stylesAndBackgroundsReachTheCells() {
        let styled = TextStyle(color: .red, background: .blue, attributes: [.bold, .underline])
        let buffer = screen("hi", styled, width: 4, height: 1)
        #expect(
            buffer[0, 0].style
                == CellStyle(foreground: .red, background: .blue, attributes: [.bold, .underline]))
        #expect(buffer[2, 0].style == .plain)
        #expect(buffer.ansiLines.map(EscapeSequence.visible) == ["␛[1;4;31;44mhi␛[m"])
    }

    @Test func textWithoutBackgroundShowsTheBoxBackground() {
        var boxStyle = BoxStyle()
        boxStyle.background = .blue
        let buffer = render(box(boxStyle, [text("hi", TextStyle(color: .red))]), width: 4, height: 1)
        #expect(buffer[0, 0].style == CellStyle(foreground: .red, background: .blue))
        #expect(buffer.ansiLines.map(EscapeSequence.visible) == ["␛[31;44mhi␛[39m  ␛[m"])
    }

    @Test func emptyTextTakesNoRoom() {
        expectScreen(render(box(BoxStyle(), [text(""), text("x")]), width: 3, height: 2), ["x", ""])
    }

    @Test func invalidUTF8TextShowsReplacementCharacters() {
        let node = text("")
        node.setText(utf8: [0x6F, 0x6B, 0xF0, 0x28, 0x8C, 0x21])
        expectScreen(render(box(BoxStyle(), [node]), width: 8, height: 1), ["ok\u{FFFD}(\u{FFFD}!"])
    }
}
