import TheoluaCanvas

/// The canvas's paint, diff and layout paths.
struct CanvasBenchmarks {
    let report: BenchReport
    let quick: Bool

    func run() {
        report.line("canvas")
        let paint = CanvasWorkloads.FullPaint(width: 200, height: 60)
        report.measure("full paint of a 200×60 screen", iterations: quick ? 20 : 200) { _ = paint.run() }
        let oneCell = CanvasWorkloads.OneCellFrame(width: 200, height: 60)
        let bytes = oneCell.run().count
        report.measure("diff and output, one changed cell (\(bytes) bytes)", iterations: quick ? 50 : 500, target: "≤ 32 bytes") {
            _ = oneCell.run()
        }
        let full = CanvasWorkloads.FullyChangedFrame(width: 200, height: 60)
        report.measure("diff and output, fully changed 200×60 frame", iterations: quick ? 20 : 200, target: "≤ 1 ms") {
            _ = full.run()
        }
        for (columns, rows) in [(10, 100), (100, 100), (100, 1_000)] {
            let change = CanvasWorkloads.LeafChange(columns: columns, rows: rows)
            report.measure(
                "layout after one leaf changes, \(columns * rows) nodes", iterations: quick ? 50 : 500,
                target: columns * rows == 10_000 ? "flat in tree size" : ""
            ) { _ = change.run() }
        }
    }
}
