import Testing

@testable import TheoluaCanvas

@Suite struct CellBufferTests {
    @Test func printsExactlyHeightLinesWithTrailingSpacesTrimmed() {
        var buffer = CellBuffer(width: 6, height: 3)
        buffer.write("hi", x: 1, y: 1)
        #expect(buffer.lines == ["", " hi", ""])
        #expect(buffer.text == "\n hi\n")
    }

    @Test func wideGraphemeTakesALeaderAndAContinuationCell() {
        var buffer = CellBuffer(width: 6, height: 1)
        let end = buffer.write("a漢b", x: 0, y: 0)
        #expect(end == 4)
        #expect(buffer[1, 0] == Cell(text: "漢", width: 2))
        #expect(buffer[2, 0].isContinuation)
        expectScreen(buffer, ["a漢b"])
    }

    @Test func wideGraphemeAtTheRightEdgeBecomesASpace() {
        var buffer = CellBuffer(width: 4, height: 1)
        buffer.write("abc漢", x: 0, y: 0)
        #expect(buffer[3, 0] == .blank)
        expectScreen(buffer, ["abc"])
    }

    @Test func wideGraphemeCutByTheClipOnEitherSideBecomesASpace() {
        var buffer = CellBuffer(width: 6, height: 1, fill: Cell(text: "."))
        let clip = Rect(x: 1, y: 0, width: 3, height: 1)
        buffer.write("漢字漢", x: 0, y: 0, clip: clip)
        expectScreen(buffer, [". 字.."])
    }

    @Test func overwritingHalfAWideGraphemeBlanksTheOtherHalf() {
        var buffer = CellBuffer(width: 4, height: 1)
        buffer.write("漢字", x: 0, y: 0)
        buffer.write("x", x: 1, y: 0)
        buffer.write("y", x: 2, y: 0)
        expectScreen(buffer, [" xy"])
        #expect(buffer[3, 0] == .blank)
        #expect(!buffer.cells.contains { $0.isContinuation })
    }

    @Test func fillingOverHalfAWideGraphemeBlanksTheOtherHalf() {
        var buffer = CellBuffer(width: 4, height: 1)
        buffer.write("a漢", x: 0, y: 0)
        buffer.fill(Rect(x: 2, y: 0, width: 2, height: 1))
        expectScreen(buffer, ["a"])
        #expect(!buffer.cells.contains { $0.isContinuation })
    }

    @Test func combiningMarksStayWithTheirBase() {
        var buffer = CellBuffer(width: 5, height: 1)
        let end = buffer.write("e\u{301}a\u{308}!", x: 0, y: 0)
        #expect(end == 3)
        #expect(buffer[0, 0].text == "e\u{301}")
        expectScreen(buffer, ["e\u{301}a\u{308}!"])
    }

    @Test func controlsAreNeverDrawn() {
        var buffer = CellBuffer(width: 6, height: 1)
        buffer.write("a\u{1B}[31mb\u{07}", x: 0, y: 0)
        expectScreen(buffer, ["a[31mb"])
    }

    @Test func invalidUTF8ShowsAsReplacementCharacters() {
        var buffer = CellBuffer(width: 8, height: 1)
        let bytes: [UInt8] = [0x61, 0xFF, 0x62, 0xE6, 0xBC, 0x63, 0xC3]
        buffer.write(utf8: bytes, x: 0, y: 0)
        expectScreen(buffer, ["a\u{FFFD}b\u{FFFD}c\u{FFFD}"])
    }

    @Test func writingOutsideTheBufferIsIgnored() {
        var buffer = CellBuffer(width: 3, height: 2)
        buffer.write("abc", x: -2, y: 0)
        buffer.write("xyz", x: 2, y: 1)
        buffer.write("zzz", x: 0, y: 5)
        buffer.write("zzz", x: 0, y: -1)
        expectScreen(buffer, ["c", "  x"])
    }

    @Test func ansiLinesCarryStylesAndEndWithTheDefaultPen() {
        var buffer = CellBuffer(width: 8, height: 2)
        buffer.write("ab", x: 0, y: 0, style: CellStyle(foreground: .red, attributes: .bold))
        buffer.write("c", x: 2, y: 0)
        buffer.fill(
            Rect(x: 0, y: 1, width: 3, height: 1),
            style: CellStyle(background: .rgb(red: 1, green: 2, blue: 3)))
        #expect(buffer.ansiLines.map(EscapeSequence.visible) == ["␛[1;31mab␛[mc", "␛[48;2;1;2;3m   ␛[m"])
    }

    @Test func linesInitializerBuildsExpectedScreens() {
        let buffer = CellBuffer(lines: ["ab", "漢"])
        #expect(buffer.width == 2)
        #expect(buffer.lines == ["ab", "漢"])
    }
}
