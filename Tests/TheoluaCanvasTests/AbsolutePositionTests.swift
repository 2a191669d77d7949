import Testing

@testable import TheoluaCanvas

/// Absolutely positioned children with no insets on an axis: they sit at their static
/// position, where the parent's `justify` and `align` would put a single child, inside
/// the parent's padding and border. In a reversed box that is the main axis's far end.
@Suite struct AbsolutePositionTests {
    /// An absolute box holding `label`, with no insets.
    private func badge(_ label: String, alignSelf: Alignment? = nil) -> CanvasNode {
        box(
            style {
                $0.position = .absolute
                $0.alignSelf = alignSelf
            }, [text(label)])
    }

    @Test func anAbsoluteChildWithoutInsetsIsDrawnAtTheStartOfAReversedBox() {
        // The rowReverse box starts at its right, inside its padding; the columnReverse
        // box at its bottom, above its padding. `alignSelf = end` keeps each badge off
        // the children in the flow, on the cross axis's far side.
        var rowReverse = BoxStyle(direction: .rowReverse, width: 9, height: 4, border: .single)
        rowReverse.padding = BoxEdges(x: 1, y: 0)
        var columnReverse = BoxStyle(direction: .columnReverse, width: 5, height: 6, border: .single)
        columnReverse.padding = BoxEdges(top: 0, right: 0, bottom: 1, left: 0)
        let root = box(
            BoxStyle(direction: .row, gap: 1, align: .start),
            [
                box(rowReverse, [text("1"), text("2"), badge("A", alignSelf: .end)]),
                box(columnReverse, [text("1"), text("2"), badge("B", alignSelf: .end)]),
            ])
        expectScreen(
            render(root, width: 15, height: 6),
            [
                "┌───────┐ ┌───┐",
                "│    21 │ │   │",
                "│     A │ │2  │",
                "└───────┘ │1 B│",
                "          │   │",
                "          └───┘",
            ])
        #expect(root.children[0].children[2].frame == Rect(x: 6, y: 2, width: 1, height: 1))
        #expect(root.children[1].children[2].frame == Rect(x: 3, y: 3, width: 1, height: 1))
    }

    @Test func aReversedBoxJustifiesItsAbsoluteChildFromItsFarEnd() {
        let cases: [(Justification, String)] = [
            (.start, "      A"), (.center, "   A"), (.end, "A"), (.between, "      A"), (.around, "   A"),
            (.evenly, "   A"),
        ]
        for (justify, line) in cases {
            let row = box(BoxStyle(direction: .rowReverse, justify: justify), [badge("A")])
            expectScreen(render(row, width: 7, height: 1), [line])
        }
        let columns: [(Justification, [String])] = [
            (.start, ["", "", "", "", "B"]), (.center, ["", "", "B", "", ""]), (.end, ["B", "", "", "", ""]),
        ]
        for (justify, lines) in columns {
            let column = box(BoxStyle(direction: .columnReverse, justify: justify), [badge("B")])
            expectScreen(render(column, width: 1, height: 5), lines)
        }
    }

    /// Like the children in the flow, an absolute child that overflows under a safe
    /// justification keeps its start in view: the left of a row, the right of a rowReverse.
    @Test func safeJustificationKeepsAnOverflowingAbsoluteChildsStartInView() {
        let cases: [(Direction, Justification, String, String)] = [
            (.row, .safeCenter, "abcdefghij", "│abcdef│"), (.row, .safeEnd, "abcdefghij", "│abcdef│"),
            (.rowReverse, .safeCenter, "abcdefghij", "│efghij│"), (.rowReverse, .safeEnd, "abcdefghij", "│efghij│"),
            (.row, .center, "abcdefghij", "│cdefgh│"), (.rowReverse, .end, "abcdefghij", "│abcdef│"),
            (.row, .safeCenter, "abcd", "│ abcd │"), (.rowReverse, .safeEnd, "abcd", "│abcd  │"),
        ]
        for (direction, justify, label, line) in cases {
            let child = box(
                style {
                    $0.position = .absolute
                    $0.width = .cells(label.count)
                }, [text(label)])
            let root = box(BoxStyle(direction: direction, border: .single, justify: justify), [child])
            expectScreen(render(root, width: 8, height: 3), ["┌──────┐", line, "└──────┘"])
        }
    }

    @Test func anAbsoluteChildWithoutInsetsMovesWhenItsBoxReverses() {
        let row = box(BoxStyle(direction: .row, border: .single), [text("x"), badge("A", alignSelf: .end)])
        let canvas = Canvas(width: 7, height: 4)
        canvas.root = row
        expectScreen(canvas.render(), ["┌─────┐", "│x    │", "│A    │", "└─────┘"])
        row.boxStyle.direction = .rowReverse
        expectScreen(canvas.render(), ["┌─────┐", "│    x│", "│    A│", "└─────┘"])
        row.boxStyle.direction = .columnReverse
        expectScreen(canvas.render(), ["┌─────┐", "│     │", "│x   A│", "└─────┘"])
    }
}
