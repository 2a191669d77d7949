import Testing

@testable import TheoluaCanvas

/// What a drag over the screen chooses (`ScreenSelection`): the text between two cells
/// in reading order, or with alt the rectangle they span, as terminals choose it.
@Suite struct ScreenSelectionTests {
    private func screen() -> CellBuffer {
        var buffer = CellBuffer(width: 10, height: 3)
        buffer.write("alpha beta", x: 0, y: 0)
        buffer.write("gamma", x: 0, y: 1)
        buffer.write("a漢字b", x: 0, y: 2)
        return buffer
    }

    @Test func aDragChoosesTheTextBetweenTwoCellsInReadingOrder() {
        let forward = ScreenSelection(anchor: (6, 0), head: (2, 1))
        #expect(screen().text(of: forward) == "beta\ngam")
        // Dragged backwards, the same cells.
        let backward = ScreenSelection(anchor: (2, 1), head: (6, 0))
        #expect(screen().text(of: backward) == "beta\ngam")
        #expect(forward.columns(onRow: 0, width: 10) == 6..<10)
        #expect(forward.columns(onRow: 1, width: 10) == 0..<3)
        #expect(forward.columns(onRow: 2, width: 10) == nil)
    }

    @Test func altChoosesTheRectangle() {
        let block = ScreenSelection(anchor: (3, 2), head: (1, 0), block: true)
        #expect(screen().text(of: block) == "lph\namm\n漢字")
    }

    @Test func aWideCharacterCountsWhenEitherCellIsChosenAndIsDrawnWhole() {
        var buffer = screen()
        // Columns 2–3: the second half of 漢 and the first of 字.
        let selection = ScreenSelection(anchor: (2, 2), head: (3, 2))
        #expect(buffer.text(of: selection) == "漢字")
        buffer.highlight(selection)
        #expect(buffer[0, 2].style.attributes == [])
        for column in 1...4 { #expect(buffer[column, 2].style.attributes == .inverse) }
        #expect(buffer[5, 2].style.attributes == [])
    }

    @Test func theHighlightSwapsWhatWasInverseAlready() {
        var buffer = CellBuffer(width: 4, height: 1)
        buffer.write("ab", x: 0, y: 0, style: CellStyle(attributes: .inverse))
        buffer.highlight(ScreenSelection(anchor: (1, 0), head: (2, 0)))
        #expect(buffer[0, 0].style.attributes == .inverse)
        #expect(buffer[1, 0].style.attributes == [])
        #expect(buffer[2, 0].style.attributes == .inverse)
    }

    @Test func oneCellIsEmptyAndCellsOffTheScreenAreLeftOut() {
        #expect(ScreenSelection(anchor: (3, 1), head: (3, 1)).isEmpty)
        let past = ScreenSelection(anchor: (8, 2), head: (40, 9))
        #expect(screen().text(of: past) == "")
        #expect(past.columns(onRow: 2, width: 10) == 8..<10)
    }
}
