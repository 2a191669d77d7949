import Testing

@testable import TheoluaCanvas

/// Whatever sizes a style asks for, layout and paint neither trap on overflow nor work
/// through more than the screen: lengths are clamped to ``CanvasLimits``.
@Suite struct LayoutLimitsTests {
    static let extremes: [Int] = [Int.max, Int.min, Int(Int32.max) + 1, 1 << 53, 1 << 62, -1, 0, 1, 1_000_001]
    static let factors: [Double] = [.infinity, -.infinity, .nan, .greatestFiniteMagnitude, 1e308, -1, 0, 1]

    @Test func theIssuesExtremeSizesLayOutWithoutTrapping() {
        let cases: [CanvasNode] = [
            box(BoxStyle(direction: .row, gap: .max), [text("a"), text("b")]),
            box(BoxStyle(height: .cells(.max)), [text("a")]),
            box(BoxStyle(direction: .row), [box(BoxStyle(width: .cells(.max))), box(BoxStyle(width: .cells(.max)))]),
            box(
                BoxStyle(direction: .row),
                [box(BoxStyle(grow: 1e308), [text("a")]), box(BoxStyle(width: .cells(5), shrink: 1e308), [text("b")])]),
            box(BoxStyle(gap: 1 << 62), [text("a"), text("b")]),
            box(
                style {
                    $0.direction = .row; $0.border = .single; $0.minWidth = .cells(1 << 31)
                }, [text("a")]),
            box(
                style {
                    $0.border = .single; $0.minHeight = .cells(1 << 53)
                }, [text("a")]),
            box(BoxStyle(padding: Edges(.max), margin: Edges(.max)), [text("a")]),
            box(BoxStyle(width: .percent(1e308), height: .percent(.nan)), [text("a")]),
            box(
                BoxStyle(direction: .row, justify: .around), [text("a"), box(BoxStyle(width: .cells(.max))), text("c")]),
        ]
        for root in cases {
            let screen = render(root, width: 20, height: 3)
            #expect(screen.lines.count == 3)
        }
    }

    @Test func anyMixOfExtremeStylesLaysOutWithoutTrapping() {
        var generator = SeededGenerator(seed: 12)
        func pick<T>(_ values: [T]) -> T { values[Int(generator.next() % UInt64(values.count))] }
        func dimension() -> Dimension? {
            switch generator.next() % 3 {
            case 0: return nil
            case 1: return .cells(pick(Self.extremes))
            default: return .percent(pick([1e308, -5, .nan, .infinity, 50, 10_001]))
            }
        }
        func randomStyle() -> BoxStyle {
            style {
                $0.direction = pick([.row, .column, .rowReverse, .columnReverse])
                $0.wrap = pick([.none, .wrap, .reverse])
                $0.alignContent = pick([.start, .center, .end, .stretch, .between, .around, .evenly])
                $0.alignSelf = pick([nil, .start, .center, .end, .stretch])
                $0.basis = dimension()
                $0.position = pick([.relative, .absolute])
                $0.top = dimension()
                $0.right = dimension()
                $0.bottom = dimension()
                $0.left = dimension()
                $0.hidden = generator.next() % 5 == 0
                $0.rowGap = dimension()
                $0.columnGap = dimension()
                $0.width = dimension()
                $0.height = dimension()
                $0.minWidth = dimension()
                $0.maxWidth = dimension()
                $0.minHeight = dimension()
                $0.maxHeight = dimension()
                $0.grow = pick(Self.factors)
                $0.shrink = pick(Self.factors)
                $0.gap = dimension() ?? .cells(0)
                $0.padding = BoxEdges(
                    top: .cells(pick(Self.extremes)), right: .percent(pick([1e308, -5, .nan, .infinity, 50])),
                    bottom: .cells(pick(Self.extremes)), left: .cells(pick(Self.extremes)))
                $0.margin = BoxEdges(x: pick([.auto, .cells(pick(Self.extremes))]), y: .cells(pick(Self.extremes)))
                $0.border = generator.next() % 2 == 0 ? .single : nil
                $0.justify = pick([.start, .center, .end, .between, .around, .evenly, .safeCenter, .safeEnd])
                $0.align = pick([.start, .center, .end, .stretch])
            }
        }
        for _ in 0..<1000 {
            let scroll = CanvasNode(scroll: randomStyle())
            for index in 0..<5 {
                scroll.appendChild(index % 2 == 0 ? text("s\(index)") : box(randomStyle(), [text("t")]))
            }
            let root = box(
                randomStyle(),
                [
                    box(randomStyle(), [text("a"), box(randomStyle(), [text("b")])]), scroll, box(randomStyle()),
                    text("c"),
                ])
            let canvas = Canvas(width: 12, height: 4)
            canvas.root = root
            #expect(canvas.render().lines.count == 4)
            scroll.scrollDown(by: pick(Self.extremes))
            scroll.scrollUp(by: pick(Self.extremes))
            scroll.pageDown()
            scroll.scrollToEnd()
            #expect(canvas.render().lines.count == 4)
        }
    }
}
