import TheoluaCanvas

/// The canvas's paint, diff and layout paths.
struct CanvasBenchmarks {
    let report: BenchReport
    let quick: Bool

    func run() {
        report.line("canvas")
        if CommandLine.arguments.contains("--leaf-only") {
            let change = BalancedLeafChange(depth: 5)
            for _ in 0..<200 { _ = change.run() }
            return
        }
        let paint = CanvasWorkloads.FullPaint(width: 200, height: 60)
        report.measure("full paint of a 200×60 screen", iterations: quick ? 20 : 200) { _ = paint.run() }
        let oneCell = CanvasWorkloads.OneCellFrame(width: 200, height: 60)
        let bytes = oneCell.run().count
        report.measure(
            "diff and output, one changed cell (\(bytes) bytes)", iterations: quick ? 50 : 500, target: "≤ 32 bytes"
        ) {
            _ = oneCell.run()
        }
        let full = CanvasWorkloads.FullyChangedFrame(width: 200, height: 60)
        report.measure("diff and output, fully changed 200×60 frame", iterations: quick ? 20 : 200, target: "≤ 1 ms") {
            _ = full.run()
        }
        for depth in [3, 4, 5] {
            let change = BalancedLeafChange(depth: depth)
            let leaves = Int(pow10(depth))
            report.measure(
                "layout and paint after one leaf changes, \(leaves) leaves (fan-out 10)", iterations: quick ? 50 : 500,
                target: depth == 4 ? "flat in tree size" : ""
            ) { _ = change.run() }
        }
    }
}

func pow10(_ exponent: Int) -> Int { (0..<exponent).reduce(1) { value, _ in value * 10 } }

/// A balanced tree of boxes (fan-out 10) with text leaves: growing it adds depth, not
/// siblings, so the work after one leaf changes should stay flat in the tree's size.
final class BalancedLeafChange {
    let canvas: Canvas
    let leaf: CanvasNode
    private var flip = false

    init(depth: Int) {
        var target: CanvasNode?
        func build(_ level: Int, _ path: Int) -> CanvasNode {
            if level == depth {
                let node = CanvasNode(text: "r\(path % 10)")
                if target == nil && path % 7 == 3 { target = node }
                return node
            }
            let box = CanvasNode(box: BoxStyle(direction: level % 2 == 0 ? .row : .column, grow: 1))
            for index in 0..<10 { box.appendChild(build(level + 1, path * 10 + index)) }
            return box
        }
        let root = build(0, 0)
        canvas = Canvas(width: 300, height: 100)
        canvas.root = root
        _ = canvas.render()
        leaf = target ?? CanvasNode(text: "")
    }

    func run() -> Int {
        flip.toggle()
        leaf.text = flip ? "xx" : "r3"
        _ = canvas.render()
        return canvas.lastStatistics.arranged
    }
}
