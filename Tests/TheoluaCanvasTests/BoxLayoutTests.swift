import Testing

@testable import TheoluaCanvas

@Suite struct BoxLayoutTests {
    @Test func columnStacksChildrenAndTheRootFillsTheCanvas() {
        let root = box(BoxStyle(), [text("hello"), text("world")])
        expectScreen(render(root, width: 10, height: 3), ["hello", "world", ""])
        #expect(root.frame == Rect(x: 0, y: 0, width: 10, height: 3))
    }

    @Test func rowPlacesChildrenSideBySideWithGap() {
        let root = box(BoxStyle(direction: .row, gap: 1), [text("a"), text("bb"), text("c")])
        expectScreen(render(root, width: 10, height: 1), ["a bb c"])
    }

    @Test func columnGapSeparatesRows() {
        let root = box(BoxStyle(gap: 1), [text("a"), text("b")])
        expectScreen(render(root, width: 3, height: 4), ["a", "", "b", ""])
    }

    @Test func fixedAndPercentWidthsAreOfTheParentsInnerSize() {
        let root = box(
            BoxStyle(direction: .row),
            [
                box(BoxStyle(width: .percent(50)), [text("L")]),
                box(BoxStyle(width: .percent(25)), [text("M")]),
                box(BoxStyle(width: .cells(2)), [text("R")]),
                text("!"),
            ])
        expectScreen(render(root, width: 20, height: 1), ["L         M    R !"])
    }

    @Test func percentHeightsAreOfTheParentsInnerHeight() {
        let root = box(
            BoxStyle(padding: Edges(x: 0, y: 1)),
            [box(BoxStyle(height: .percent(50)), [text("a")]), text("b")])
        expectScreen(render(root, width: 3, height: 6), ["", "a", "", "b", "", ""])
    }

    @Test func growSharesFreeSpaceInProportion() {
        let spacer = box(BoxStyle(direction: .row), [text("a"), box(BoxStyle(grow: 1)), text("b")])
        expectScreen(render(spacer, width: 10, height: 1), ["a        b"])
        let shared = box(
            BoxStyle(direction: .row),
            [box(BoxStyle(grow: 1), [text("x")]), box(BoxStyle(grow: 2), [text("y")])])
        expectScreen(render(shared, width: 10, height: 1), ["x   y"])
    }

    @Test func growInAColumnPushesTheFooterDown() {
        let root = box(BoxStyle(), [text("top"), box(BoxStyle(grow: 1)), text("bottom")])
        expectScreen(render(root, width: 8, height: 5), ["top", "", "", "", "bottom"])
    }

    @Test func textShrinksByWrapping() {
        let root = box(BoxStyle(direction: .row), [text("aaaa bbbb"), text("cccc dddd")])
        expectScreen(render(root, width: 10, height: 3), ["aaaa cccc", "bbbb dddd", ""])
    }

    @Test func shrinkZeroKeepsItsSizeAndOthersGiveWay() {
        let root = box(
            BoxStyle(direction: .row),
            [box(BoxStyle(shrink: 0), [text("123456")]), text("ab cd ef")])
        expectScreen(render(root, width: 10, height: 3), ["123456ab", "      cd", "      ef"])
    }

    @Test func anOverflowingColumnKeepsItsFirstChildrenWholeAndClipsTheLast() {
        let rows = (1...10).map { box(BoxStyle(direction: .row), [text("row \($0)")]) }
        let root = box(BoxStyle(height: .cells(6)), rows)
        expectScreen(render(root, width: 8, height: 7), ["row 1", "row 2", "row 3", "row 4", "row 5", "row 6", ""])
    }

    @Test func aBorderedItemIsNotSqueezedOutOfItsContent() {
        let button = box(style { $0.border = .single }, [text("OK")])
        let root = box(BoxStyle(), [box(BoxStyle(height: .cells(3))), button])
        expectScreen(render(root, width: 4, height: 4), ["", "┌──┐", "│OK│", "└──┘"])
    }

    @Test func whatScrollsGivesWayFirst() {
        let log = CanvasNode(scroll: BoxStyle())
        for index in 1...20 { log.appendChild(text("line \(index)")) }
        let panel = box(style { $0.border = .single }, [log])
        let root = box(BoxStyle(), [text("title"), panel, text("> input")])
        expectScreen(
            render(root, width: 10, height: 6),
            ["title", "┌────────┐", "│line 1  │", "│line 2  │", "└────────┘", "> input"])
    }

    @Test func aPanelThatNeverShrinksCountsItsScrollWhole() {
        let log = CanvasNode(scroll: BoxStyle())
        for index in 1...3 { log.appendChild(text("line \(index)")) }
        let panel = box(BoxStyle(shrink: 0), [log])
        let outer = box(BoxStyle(), [panel])
        let root = box(BoxStyle(), [outer, text("end")])
        // The outer box holds a panel that keeps its size, so it keeps it too.
        expectScreen(render(root, width: 8, height: 3), ["line 1", "line 2", "line 3"])
    }

    @Test func aMinimumOfZeroLetsAnItemShrinkBelowItsContent() {
        let squeezed = box(style { $0.minHeight = .cells(0) }, [text("a"), text("b"), text("c")])
        let root = box(BoxStyle(), [squeezed, text("last")])
        expectScreen(render(root, width: 4, height: 3), ["a", "b", "last"])
    }

    @Test func aTextInARowKeepsItsLongestWord() {
        let root = box(BoxStyle(direction: .row), [text("Name:"), text("a value that wraps")])
        expectScreen(render(root, width: 12, height: 4), ["Name:a value", "     that", "     wraps", ""])
    }

    @Test func anExplicitHeightShrinksToItsContentAtMost() {
        let tall = box(BoxStyle(height: .cells(5)), [text("x")])
        let root = box(BoxStyle(), [tall, text("y"), text("z")])
        expectScreen(render(root, width: 3, height: 3), ["x", "y", "z"])
    }

    @Test func textInAColumnKeepsItsLinesWhenSpaceRunsOut() {
        let root = box(BoxStyle(), [text("one"), box(BoxStyle(height: .cells(5))), text("two")])
        // The box shrinks; the texts keep their rows.
        expectScreen(render(root, width: 5, height: 4), ["one", "", "", "two"])
    }

    @Test func minAndMaxWidthBoundGrowAndContent() {
        let capped = box(
            BoxStyle(direction: .row),
            [
                box(
                    style {
                        $0.grow = 1; $0.maxWidth = .cells(5)
                    }, [text("x")]), text("y"),
            ])
        expectScreen(render(capped, width: 20, height: 1), ["x    y"])
        let floored = box(
            BoxStyle(direction: .row), [box(style { $0.minWidth = .cells(4) }, [text("x")]), text("y")])
        expectScreen(render(floored, width: 20, height: 1), ["x   y"])
    }

    @Test func heightMinAndMaxHeightBoundTheMainAxis() {
        let root = box(
            BoxStyle(),
            [
                box(BoxStyle(height: .cells(2)), [text("a")]),
                box(style { $0.maxHeight = .cells(1) }, [text("b\nhidden")]),
                box(style { $0.minHeight = .cells(2) }, [text("c")]),
                text("d"),
            ])
        expectScreen(render(root, width: 6, height: 7), ["a", "", "b", "c", "", "d", ""])
    }

    @Test func paddingAndBorderInsetTheChildren() {
        let root = box(BoxStyle(padding: Edges(1), border: .single), [text("x")])
        expectScreen(
            render(root, width: 7, height: 5), ["┌─────┐", "│     │", "│ x   │", "│     │", "└─────┘"])
    }

    @Test func paddingPerSideAndMarginPerSide() {
        let root = box(
            BoxStyle(padding: Edges(top: 0, right: 0, bottom: 0, left: 3)),
            [box(BoxStyle(margin: Edges(top: 1, right: 0, bottom: 0, left: 2)), [text("m")])])
        expectScreen(render(root, width: 8, height: 3), ["", "     m", ""])
    }

    @Test func justifyDistributesFreeSpaceOnTheMainAxis() {
        let cases: [(Justification, String)] = [
            (.start, "abc"), (.center, "    abc"), (.end, "       abc"),
            (.between, "a    b   c"), (.around, " a   b  c"), (.evenly, "  a  b c"),
        ]
        for (justify, line) in cases {
            let root = box(BoxStyle(direction: .row, justify: justify), [text("a"), text("b"), text("c")])
            expectScreen(render(root, width: 10, height: 1), [line])
        }
    }

    /// Under `wrap = "reverse"` lines start at the cross axis's far end, and so do the
    /// margins that lead there: a top margin stays above its item.
    @Test func reverseWrappingKeepsEachMarginOnItsSide() {
        var style = BoxStyle(direction: .row, align: .start)
        style.wrap = .reverse
        var spaced = BoxStyle()
        spaced.margin = BoxEdges(top: 1, right: 0, bottom: 0, left: 0)
        let root = box(style, [box(spaced, [text("a")])])
        expectScreen(render(root, width: 3, height: 4), ["", "", "", "a"])
        #expect(root.children[0].frame == Rect(x: 0, y: 3, width: 1, height: 1))
    }

    @Test func justifyWorksInAColumnToo() {
        let root = box(BoxStyle(justify: .end), [text("a"), text("b")])
        expectScreen(render(root, width: 2, height: 4), ["", "", "a", "b"])
    }

    @Test func alignPlacesChildrenOnTheCrossAxis() {
        let cases: [(Alignment, String)] = [
            (.start, "ab"), (.center, "    ab"), (.end, "       ab"), (.stretch, "ab"),
        ]
        for (align, line) in cases {
            let root = box(BoxStyle(align: align), [box(BoxStyle(), [text("ab")])])
            expectScreen(render(root, width: 9, height: 1), [line])
            #expect(root.children[0].frame.width == (align == .stretch ? 9 : 2))
        }
    }

    @Test func alignInARowPlacesChildrenVertically() {
        let root = box(BoxStyle(direction: .row, align: .center), [text("a"), text("b\nb\nb")])
        expectScreen(render(root, width: 3, height: 3), [" b", "ab", " b"])
    }

    @Test func marginsAndGapsAddUpInARow() {
        let root = box(
            BoxStyle(direction: .row, gap: 2),
            [box(BoxStyle(margin: Edges(x: 1, y: 0)), [text("a")]), text("b")])
        expectScreen(render(root, width: 10, height: 1), [" a   b"])
    }
}
