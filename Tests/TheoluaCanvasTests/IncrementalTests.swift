import Testing

@testable import TheoluaCanvas

@Suite struct IncrementalTests {
    @Test func aTextChangeDamagesOnlyThatText() {
        let changing = text("abc")
        let root = box(
            BoxStyle(), [text("first"), box(BoxStyle(direction: .row), [text(">"), changing]), text("last")])
        let canvas = Canvas(width: 20, height: 5)
        canvas.root = root
        canvas.render()
        changing.text = "xyz"
        expectScreen(canvas.render(), ["first", ">xyz", "last", "", ""])
        #expect(canvas.lastDamage == [Rect(x: 1, y: 1, width: 3, height: 1)])
        changing.text = "longer"
        expectScreen(canvas.render(), ["first", ">longer", "last", "", ""])
        #expect(canvas.lastDamage == [Rect(x: 1, y: 1, width: 6, height: 1)])
    }

    @Test func nothingChangedMeansNothingLaidOutOrPainted() {
        let root = box(BoxStyle(), [text("a"), text("b")])
        let canvas = Canvas(width: 5, height: 2)
        canvas.root = root
        let first = canvas.render()
        let second = canvas.render()
        #expect(first == second)
        #expect(canvas.lastDamage.isEmpty)
        #expect(canvas.lastStatistics.arranged == 0)
        let same = root.boxStyle
        root.boxStyle = same  // equal: no invalidation
        canvas.render()
        #expect(canvas.lastDamage.isEmpty)
    }

    @Test func insertingAChildDamagesTheSiblingsItMoves() {
        let root = box(BoxStyle(), [text("a"), text("b"), text("c")])
        let canvas = Canvas(width: 5, height: 5)
        canvas.root = root
        canvas.render()
        root.insertChild(text("new"), before: root.children[2])
        expectScreen(canvas.render(), ["a", "b", "new", "c", ""])
        #expect(canvas.lastDamage == [Rect(x: 0, y: 2, width: 5, height: 2)])
        root.removeChild(root.children[0])
        expectScreen(canvas.render(), ["b", "new", "c", "", ""])
        root.moveChild(root.children[2], to: 0)
        expectScreen(canvas.render(), ["c", "b", "new", "", ""])
    }

    @Test func aStyleChangeRepaintsTheBox() {
        let inner = box(BoxStyle(border: .single), [text("x")])
        let canvas = Canvas(width: 5, height: 4)
        canvas.root = box(BoxStyle(), [inner])
        canvas.render()
        inner.boxStyle.border = .double
        expectScreen(canvas.render(), ["╔═══╗", "║x  ║", "╚═══╝", ""])
        inner.boxStyle.border = nil
        expectScreen(canvas.render(), ["x", "", "", ""])
    }

    @Test func resizingLaysOutAndPaintsEverything() {
        let root = box(BoxStyle(border: .round), [text("hello world")])
        let canvas = Canvas(width: 13, height: 3)
        canvas.root = root
        expectScreen(canvas.render(), ["╭───────────╮", "│hello world│", "╰───────────╯"])
        canvas.resize(width: 8, height: 4)
        expectScreen(canvas.render(), ["╭──────╮", "│hello │", "│world │", "╰──────╯"])
        #expect(canvas.lastDamage == [Rect(x: 0, y: 0, width: 8, height: 4)])
    }

    @Test func replacingTheRootRepaintsEverything() {
        let canvas = Canvas(width: 4, height: 1)
        canvas.root = text("one")
        canvas.render()
        canvas.root = text("two")
        expectScreen(canvas.render(), ["two"])
        canvas.root = nil
        expectScreen(canvas.render(), [""])
    }

    @Test func treeMutationsRefuseToBreakTheTree() {
        let parent = box()
        let child = box()
        parent.appendChild(child)
        #expect(!child.appendChild(parent))
        #expect(!parent.appendChild(parent))
        #expect(!text("leaf").appendChild(box()))
        #expect(!parent.removeChild(box()))
        let other = box()
        other.appendChild(child)
        #expect(parent.children.isEmpty)
        #expect(child.parent === other)
    }

    @Test func oneLeafChangeInA10000NodeTreeRelaysOutOnlyItsPath() {
        let root = box(BoxStyle(direction: .row))
        var leaves: [CanvasNode] = []
        for _ in 0..<100 {
            let column = box(BoxStyle(grow: 1))
            for row in 0..<99 {
                let leaf = text("r\(row)")
                leaves.append(leaf)
                column.appendChild(leaf)
            }
            root.appendChild(column)
        }
        let canvas = Canvas(width: 300, height: 60)
        canvas.root = root
        canvas.render()
        #expect(canvas.lastStatistics.arranged > 10_000)
        #expect(canvas.buffer.lines[10].hasPrefix("r10r10r10"))
        // Same width, so no other column moves: only the path to the leaf is redone.
        leaves[50 * 99 + 10].text = "xyz"
        canvas.render()
        #expect(canvas.buffer.lines[10].hasPrefix(String(repeating: "r10", count: 50) + "xyz" + "r10"))
        #expect(canvas.lastStatistics.arranged <= 3)
        #expect(canvas.lastStatistics.measured <= 4)
        #expect(canvas.lastDamage.count == 1)
    }

    @Test func aWrappedRowMeasuresItsLinesAgainOnlyWhenAChildsSizeChanged() {
        let style = {
            var style = BoxStyle(direction: .row, gap: 1)
            style.wrap = .wrap
            return style
        }()
        let items = (0..<1000).map { text("item\($0 % 10)") }
        let root = box(style, items)
        let canvas = Canvas(width: 80, height: 24)
        canvas.root = root
        canvas.render()
        #expect(canvas.buffer.lines[0].hasPrefix("item0 item1"))
        // Same width: the row is arranged again from its children's cached sizes.
        items[3].text = "ITEM3"
        canvas.render()
        #expect(canvas.buffer.lines[0].hasPrefix("item0 item1 item2 ITEM3"))
        #expect(canvas.lastStatistics.arranged <= 3)
        #expect(canvas.lastStatistics.measured <= 3)
        // A wider child moves the items after it onto other lines.
        items[3].text = "item3-wide"
        canvas.render()
        #expect(canvas.buffer.lines[0].hasPrefix("item0 item1 item2 item3-wide item4"))
        #expect(canvas.lastStatistics.measured <= 3)
    }

    /// Damage whose edge falls inside a wide character repaints the character whole.
    @Test func aWideCharacterNextToAChangeStaysWhole() {
        let changing = text("1\n2")
        let style = BoxStyle(direction: .row, align: .start, justify: .between)
        let root = box(style, [text("wide 漢字"), changing])
        let canvas = Canvas(width: 24, height: 2)
        canvas.root = root
        canvas.render()
        changing.text = "wide 漢字"
        canvas.render()
        #expect(canvas.buffer.lines[0] == "wide 漢字      wide 漢字")
        let fresh = Canvas(width: 24, height: 2)
        fresh.root = box(style, [text("wide 漢字"), text("wide 漢字")])
        #expect(canvas.buffer == fresh.render())
    }

    @Test func aScrollWhoseWindowStaysRepaintsOnlyWhatChanged() {
        let rows = (1...10).map { text("row \($0)") }
        let scroll = CanvasNode(scroll: BoxStyle(height: .cells(5)))
        for row in rows { scroll.appendChild(row) }
        let canvas = Canvas(width: 12, height: 6)
        canvas.root = box(BoxStyle(), [text("title"), scroll])
        canvas.render()

        // Each step's picture is checked against a repaint of everything.
        func step(_ change: () -> Void, _ expected: [String], damage: [Rect]? = nil) {
            change()
            let incremental = canvas.render()
            if let damage { #expect(canvas.lastDamage == damage) }
            canvas.setNeedsFullRepaint()
            #expect(incremental == canvas.render())
            expectScreen(incremental, expected)
        }
        step({ rows[1].text = "row B" }, ["title", "row 1", "row B", "row 3", "row 4", "row 5"],
            damage: [Rect(x: 0, y: 2, width: 12, height: 1)])
        step({ rows[2].text = "r3\nr3" }, ["title", "row 1", "row B", "r3", "r3", "row 4"])
        step({ rows[2].text = "3" }, ["title", "row 1", "row B", "3", "row 4", "row 5"])
        step({ scroll.removeChild(rows[0]) }, ["title", "row B", "3", "row 4", "row 5", "row 6"])
        step({ for row in rows[4...] { scroll.removeChild(row) } }, ["title", "row B", "3", "row 4", "", ""])
        step({ rows[3].text = "four" }, ["title", "row B", "3", "four", "", ""])
        step({ for i in 1...3 { scroll.appendChild(text("new \(i)")) } }, ["title", "row B", "3", "four", "new 1", "new 2"])
        step({ scroll.scrollDown() }, ["title", "3", "four", "new 1", "new 2", "new 3"])
        step({ scroll.children[2].text = "4" }, ["title", "3", "4", "new 1", "new 2", "new 3"])
    }

    @Test func incrementalRenderingMatchesAFreshRender() {
        for seed in 1...100 {
            var random = SeededGenerator(seed: UInt64(seed))
            var script: [Operation] = []
            let live = Replay()
            let canvas = Canvas(width: 24, height: 10)
            canvas.root = live.nodes[0]
            canvas.render()
            for step in 0..<40 {
                let operation = Operation.random(in: live, using: &random)
                live.apply(operation)
                script.append(operation)
                // What was repainted must be what a repaint of everything draws, and
                // every cell that changed must be in an area the canvas says it painted
                // (a terminal compares only those).
                let before = canvas.buffer
                let incremental = canvas.render()
                let painted = canvas.takePaintedAreas()
                for y in 0..<incremental.height {
                    for x in 0..<incremental.width where incremental[x, y] != before[x, y] {
                        if !painted.contains(where: { $0.contains(x: x, y: y) }) {
                            Issue.record("seed \(seed), step \(step): (\(x), \(y)) changed outside \(painted)")
                        }
                    }
                }
                canvas.setNeedsFullRepaint()
                let whole = canvas.render()
                _ = canvas.takePaintedAreas()
                if incremental != whole {
                    Issue.record(
                        Comment(
                            rawValue: "seed \(seed), step \(step), \(operation):\n"
                                + screenDiff(actual: incremental.lines, expected: whole.lines)))
                }
            }
            let fresh = Replay()
            for operation in script { fresh.apply(operation) }
            let freshCanvas = Canvas(width: 24, height: 10)
            freshCanvas.root = fresh.nodes[0]
            let expected = freshCanvas.render()
            if canvas.buffer != expected {
                Issue.record(
                    Comment(
                        rawValue: "seed \(seed):\n"
                            + screenDiff(actual: canvas.buffer.lines, expected: expected.lines)))
            }
        }
    }
}

/// A mutation of a tree of nodes identified by creation order, so it can be replayed.
private enum Operation {
    case newText(String)
    case newBox(BoxStyle)
    case newScroll(BoxStyle)
    case scroll(Int, lines: Int)
    case insert(child: Int, parent: Int, at: Int)
    case remove(Int)
    case replace(Int, with: Int)
    case setText(Int, String)
    case setStyle(Int, BoxStyle)

    static func random(in replay: Replay, using random: inout SeededGenerator) -> Operation {
        let nodes = replay.nodes
        let words = ["a", "bb", "ccc", "wide 漢字", "x y z", "long words here", "1\n2", ""]
        switch Int.random(in: 0..<13, using: &random) {
        case 0: return .newText(words.randomElement(using: &random) ?? "")
        case 12:
            let placed = nodes.indices.filter { $0 != 0 && nodes[$0].parent != nil }
            guard let old = placed.randomElement(using: &random), let parent = nodes[old].parent else {
                return .newText("r")
            }
            let candidates = nodes.indices.filter { $0 != 0 && $0 != old && !nodes[$0].isAncestor(of: parent) }
            guard let child = candidates.randomElement(using: &random) else { return .newText("r") }
            return .replace(old, with: child)
        case 1: return .newBox(randomStyle(using: &random))
        case 10:
            var style = BoxStyle()
            style.height = [nil, .cells(3), .cells(5)].randomElement(using: &random) ?? nil
            style.grow = Double(Int.random(in: 0...1, using: &random))
            style.border = [nil, .single].randomElement(using: &random) ?? nil
            style.gap = [.cells(0), .cells(1)].randomElement(using: &random) ?? .cells(0)
            return .newScroll(style)
        case 11:
            let scrolls = nodes.indices.filter { nodes[$0].kind == .scroll }
            guard let target = scrolls.randomElement(using: &random) else { return .newText("s") }
            return .scroll(target, lines: Int.random(in: -3...3, using: &random))
        case 2, 3:
            let containers = nodes.indices.filter { nodes[$0].kind == .box || nodes[$0].kind == .scroll }
            let parent = containers.randomElement(using: &random) ?? 0
            let candidates = nodes.indices.filter { $0 != 0 && !nodes[$0].isAncestor(of: nodes[parent]) }
            guard let child = candidates.randomElement(using: &random) else { return .newText("t") }
            return .insert(
                child: child, parent: parent,
                at: Int.random(in: 0...nodes[parent].children.count, using: &random))
        case 4: return .remove(Int.random(in: 1..<max(2, nodes.count), using: &random))
        case 5, 6:
            let texts = nodes.indices.filter { nodes[$0].kind == .text }
            guard let target = texts.randomElement(using: &random) else { return .newText("t") }
            return .setText(target, words.randomElement(using: &random) ?? "")
        default:
            let boxes = nodes.indices.filter { nodes[$0].kind == .box }
            return .setStyle(boxes.randomElement(using: &random) ?? 0, randomStyle(using: &random))
        }
    }

    static func randomStyle(using random: inout SeededGenerator) -> BoxStyle {
        var style = BoxStyle()
        style.direction = [.row, .column, .rowReverse, .columnReverse].randomElement(using: &random) ?? .row
        style.wrap = [.none, .none, .wrap, .reverse].randomElement(using: &random) ?? .none
        style.grow = Double(Int.random(in: 0...2, using: &random))
        style.shrink = Double(Int.random(in: 0...1, using: &random))
        style.basis = [nil, nil, .cells(3), .percent(50)].randomElement(using: &random) ?? nil
        style.padding = [BoxEdges(0), BoxEdges(1), BoxEdges(.percent(10))].randomElement(using: &random) ?? .zero
        style.margin =
            [BoxEdges(0), BoxEdges(0), BoxEdges(x: .auto, y: 0), BoxEdges(.percent(5))]
            .randomElement(using: &random) ?? .zero
        style.gap = [.cells(0), .cells(1), .percent(10)].randomElement(using: &random) ?? .cells(0)
        style.justify =
            [.start, .center, .end, .between, .around, .evenly, .safeEnd].randomElement(using: &random) ?? .start
        style.alignSelf = [nil, nil, .center, .end].randomElement(using: &random) ?? nil
        style.alignContent = [.start, .stretch, .between, .center].randomElement(using: &random) ?? .start
        if Int.random(in: 0..<6, using: &random) == 0 {
            style.position = .absolute
            style.right = .cells(1)
            style.top = .percent(20)
        }
        style.hidden = Int.random(in: 0..<8, using: &random) == 0
        switch Int.random(in: 0..<12, using: &random) {
        case 0: style.layer = LayerStyle(placement: .point(x: 1, y: .percent(50)))
        case 1: style.layer = LayerStyle(placement: .parent, dimsBelow: true)
        default: break
        }
        style.border = [nil, .single, .round].randomElement(using: &random) ?? nil
        style.background = [.default, .blue].randomElement(using: &random) ?? .default
        style.align = [.start, .center, .end, .stretch].randomElement(using: &random) ?? .stretch
        style.justify = [.start, .center, .end, .between, .around].randomElement(using: &random) ?? .start
        if Int.random(in: 0..<4, using: &random) == 0 { style.width = .percent(50) }
        if Int.random(in: 0..<4, using: &random) == 0 { style.height = .cells(3) }
        return style
    }
}

/// Nodes created and mutated by replaying operations.
private final class Replay {
    var nodes: [CanvasNode] = [CanvasNode(box: BoxStyle())]

    func apply(_ operation: Operation) {
        switch operation {
        case .newText(let content): nodes.append(CanvasNode(text: content))
        case .newBox(let style): nodes.append(CanvasNode(box: style))
        case .newScroll(let style): nodes.append(CanvasNode(scroll: style))
        case .scroll(let index, let lines):
            if lines < 0 { nodes[index].scrollUp(by: -lines) } else { nodes[index].scrollDown(by: lines) }
        case .insert(let child, let parent, let index): nodes[parent].insertChild(nodes[child], at: index)
        case .remove(let index): if index < nodes.count { nodes[index].removeFromParent() }
        case .replace(let old, let child): nodes[old].parent?.replaceChild(nodes[old], with: nodes[child])
        case .setText(let index, let content): nodes[index].text = content
        case .setStyle(let index, let style): nodes[index].boxStyle = style
        }
    }
}
