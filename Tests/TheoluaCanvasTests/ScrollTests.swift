import Testing

@testable import TheoluaCanvas

@Suite struct ScrollTests {
    /// Appends `count` children named after their index.
    private func rows(_ count: Int, into scroll: CanvasNode) {
        let first = scroll.children.count
        for index in first..<(first + count) { scroll.appendChild(text("row \(index)")) }
    }

    @Test func showsTheFirstRowsAndScrollsByLinesAndPages() {
        let scroll = CanvasNode(scroll: BoxStyle())
        rows(100, into: scroll)
        let canvas = Canvas(width: 8, height: 3)
        canvas.root = scroll
        expectScreen(canvas.render(), ["row 0", "row 1", "row 2"])
        scroll.scrollDown()
        expectScreen(canvas.render(), ["row 1", "row 2", "row 3"])
        scroll.pageDown()
        expectScreen(canvas.render(), ["row 4", "row 5", "row 6"])
        scroll.pageUp()
        scroll.scrollUp(by: 2)
        expectScreen(canvas.render(), ["row 0", "row 1", "row 2"])
        scroll.scrollUp()
        expectScreen(canvas.render(), ["row 0", "row 1", "row 2"])
        scroll.scrollToEnd()
        expectScreen(canvas.render(), ["row 97", "row 98", "row 99"])
        #expect(scroll.scrollPosition.isAtEnd)
        scroll.scrollDown(by: 5)
        expectScreen(canvas.render(), ["row 97", "row 98", "row 99"])
        scroll.scrollToStart()
        expectScreen(canvas.render(), ["row 0", "row 1", "row 2"])
        #expect(scroll.scrollPosition.visibleRange == 0..<3)
    }

    @Test func scrollIntoViewMovesTheWindowAsLittleAsItTakes() {
        let scroll = CanvasNode(scroll: BoxStyle())
        for index in 0..<100 { scroll.appendChild(text(index == 50 ? "tall\n50" : "row \(index)")) }
        let canvas = Canvas(width: 8, height: 3)
        canvas.root = scroll
        expectScreen(canvas.render(), ["row 0", "row 1", "row 2"])
        scroll.children[1].scrollIntoView()  // in view: nothing moves
        expectScreen(canvas.render(), ["row 0", "row 1", "row 2"])
        scroll.children[4].scrollIntoView()  // just below: its bottom at the window's bottom
        expectScreen(canvas.render(), ["row 2", "row 3", "row 4"])
        scroll.children[50].scrollIntoView()  // far below: two rows tall, at the bottom
        expectScreen(canvas.render(), ["row 49", "tall", "50"])
        scroll.children[10].scrollIntoView()  // above: its top at the window's top
        expectScreen(canvas.render(), ["row 10", "row 11", "row 12"])
        scroll.children[99].scrollIntoView()
        expectScreen(canvas.render(), ["row 97", "row 98", "row 99"])
        #expect(scroll.scrollPosition.visibleRange == 97..<100)
    }

    @Test func scrollIntoViewShowsTheTopOfAChildTallerThanTheWindowAndReachesNestedScrolls() {
        let outer = CanvasNode(scroll: BoxStyle())
        for index in 0..<10 { outer.appendChild(text("out \(index)")) }
        let inner = CanvasNode(scroll: BoxStyle(height: .cells(2)))
        for index in 0..<10 { inner.appendChild(text("in \(index)")) }
        outer.appendChild(inner)
        outer.appendChild(text("tall\n1\n2\n3"))
        let canvas = Canvas(width: 8, height: 3)
        canvas.root = outer
        inner.children[5].scrollIntoView()
        expectScreen(canvas.render(), ["out 9", "in 4", "in 5"])
        outer.children[11].scrollIntoView()
        expectScreen(canvas.render(), ["tall", "1", "2"])
    }

    @Test func scrollsThroughMultiLineChildrenRowByRow() {
        let scroll = CanvasNode(scroll: BoxStyle())
        for name in ["a", "b", "c"] { scroll.appendChild(text("\(name)1\n\(name)2")) }
        let canvas = Canvas(width: 4, height: 3)
        canvas.root = scroll
        expectScreen(canvas.render(), ["a1", "a2", "b1"])
        scroll.scrollDown()
        expectScreen(canvas.render(), ["a2", "b1", "b2"])
        scroll.scrollDown(by: 2)
        expectScreen(canvas.render(), ["b2", "c1", "c2"])
        scroll.scrollUp()
        expectScreen(canvas.render(), ["b1", "b2", "c1"])
        #expect(scroll.scrollPosition.firstVisibleIndex == 1)
        #expect(scroll.scrollPosition.lineOffset == 0)
    }

    @Test func followKeepsTheEndInViewUntilTheUserScrollsUp() {
        let scroll = CanvasNode(scroll: BoxStyle(), follow: true)
        let canvas = Canvas(width: 8, height: 3)
        canvas.root = scroll
        rows(2, into: scroll)
        expectScreen(canvas.render(), ["row 0", "row 1", ""])
        rows(3, into: scroll)
        expectScreen(canvas.render(), ["row 2", "row 3", "row 4"])
        scroll.appendChild(text("row 5"))
        expectScreen(canvas.render(), ["row 3", "row 4", "row 5"])
        scroll.scrollUp()
        scroll.appendChild(text("row 6"))
        expectScreen(canvas.render(), ["row 2", "row 3", "row 4"])
        #expect(!scroll.scrollPosition.isFollowing)
        scroll.scrollDown(by: 2)
        expectScreen(canvas.render(), ["row 4", "row 5", "row 6"])
        scroll.appendChild(text("row 7"))
        expectScreen(canvas.render(), ["row 5", "row 6", "row 7"])
        #expect(scroll.scrollPosition.isFollowing)
        scroll.scrollUp(by: 3)
        canvas.render()
        scroll.scrollToEnd()
        scroll.appendChild(text("row 8"))
        expectScreen(canvas.render(), ["row 6", "row 7", "row 8"])
    }

    @Test func sitsBetweenAHeaderAndAFooterWithBorderAndGap() {
        let scroll = CanvasNode(scroll: BoxStyle(grow: 1, gap: 1, border: .single))
        rows(10, into: scroll)
        let root = box(BoxStyle(), [text("head"), scroll, text("foot")])
        expectScreen(
            render(root, width: 8, height: 7),
            ["head", "┌──────┐", "│row 0 │", "│      │", "│row 1 │", "└──────┘", "foot"])
    }

    @Test func removingAndInsertingAboveTheWindowKeepsItSteady() {
        let scroll = CanvasNode(scroll: BoxStyle())
        rows(10, into: scroll)
        let canvas = Canvas(width: 8, height: 2)
        canvas.root = scroll
        scroll.scrollDown(by: 4)
        expectScreen(canvas.render(), ["row 4", "row 5"])
        scroll.insertChild(text("new"), at: 0)
        expectScreen(canvas.render(), ["row 4", "row 5"])
        scroll.removeChild(scroll.children[1])
        expectScreen(canvas.render(), ["row 4", "row 5"])
        scroll.removeAllChildren()
        expectScreen(canvas.render(), ["", ""])
    }

    @Test func aChildReplacedInPlaceKeepsTheWindowAndTheOthersPlaces() {
        let scroll = CanvasNode(scroll: BoxStyle())
        rows(10, into: scroll)
        let canvas = Canvas(width: 8, height: 3)
        canvas.root = scroll
        scroll.scrollDown(by: 4)
        expectScreen(canvas.render(), ["row 4", "row 5", "row 6"])
        let after = scroll.children[7]
        // Above the window, at its top, in it and below it: the window stays where it is.
        #expect(scroll.replaceChild(scroll.children[1], with: text("one")))
        expectScreen(canvas.render(), ["row 4", "row 5", "row 6"])
        #expect(scroll.replaceChild(scroll.children[4], with: text("four\ntall")))
        expectScreen(canvas.render(), ["four", "tall", "row 5"])
        #expect(scroll.replaceChild(scroll.children[5], with: text("five")))
        expectScreen(canvas.render(), ["four", "tall", "five"])
        #expect(scroll.replaceChild(scroll.children[9], with: text("nine")))
        #expect(scroll.index(of: after) == 7)
        #expect(scroll.children.count == 10)
        scroll.scrollToEnd()
        expectScreen(canvas.render(), ["row 7", "row 8", "nine"])
    }

    @Test func aReplacementRefusesWhatWouldBreakTheTree() {
        let scroll = CanvasNode(scroll: BoxStyle())
        rows(3, into: scroll)
        let stranger = text("stranger")
        #expect(!scroll.replaceChild(stranger, with: text("x")))
        #expect(!scroll.replaceChild(scroll.children[0], with: scroll))
        #expect(!text("leaf").replaceChild(scroll.children[0], with: text("x")))
        // A child of this node taking a sibling's place leaves its own.
        let last = scroll.children[2]
        #expect(scroll.replaceChild(scroll.children[0], with: last))
        #expect(scroll.children.count == 2)
        #expect(scroll.children[0] === last)
        #expect(scroll.index(of: last) == 0)
    }

    @Test func aHundredThousandRowsCostOneScreenful() {
        let scroll = CanvasNode(scroll: BoxStyle(), follow: true)
        rows(100_000, into: scroll)
        let canvas = Canvas(width: 20, height: 10)
        canvas.root = scroll
        expectScreen(canvas.render(), (99_990..<100_000).map { "row \($0)" })
        #expect(canvas.lastStatistics.arranged <= 12)
        #expect(canvas.lastStatistics.measured <= 40)
        scroll.appendChild(text("row 100000"))
        canvas.render()
        #expect(canvas.lastStatistics.arranged <= 12)
        #expect(canvas.lastStatistics.measured <= 40)
        scroll.scrollToStart()
        expectScreen(canvas.render(), (0..<10).map { "row \($0)" })
        #expect(canvas.lastStatistics.measured <= 40)
        scroll.pageDown()
        expectScreen(canvas.render(), (10..<20).map { "row \($0)" })
        #expect(canvas.lastStatistics.measured <= 40)
    }

    @Test func changingAChildOutOfViewIsPickedUpWhenItComesIntoView() {
        let scroll = CanvasNode(scroll: BoxStyle())
        rows(10, into: scroll)
        let canvas = Canvas(width: 8, height: 2)
        canvas.root = scroll
        canvas.render()
        scroll.children[5].text = "five"
        canvas.render()
        scroll.scrollDown(by: 5)
        expectScreen(canvas.render(), ["five", "row 6"])
    }
}
