import Testing

@testable import TheoluaCanvas

/// Keeps the benchmark workloads honest: they must do what their names say.
@Suite struct WorkloadTests {
    @Test func fullPaintFillsTheScreen() {
        let buffer = CanvasWorkloads.FullPaint(width: 80, height: 24).run()
        #expect(buffer.lines.count == 24)
        #expect(buffer.lines[0].hasPrefix("╭─ theolua ─"))
    }

    @Test func oneCellFrameFitsIn32Bytes() {
        let bytes = CanvasWorkloads.OneCellFrame(width: 200, height: 60).run()
        #expect(bytes.count <= 32)
        #expect(visible(bytes) == "␛[?2026h␛[31;101H␛[93m#␛[?2026l")
    }

    @Test func fullyChangedFrameRewritesEveryCell() {
        let bytes = CanvasWorkloads.FullyChangedFrame(width: 20, height: 4).run()
        #expect(bytes.filter { $0 == UInt8(ascii: "z") || $0 == UInt8(ascii: "a") }.count == 80)
    }

    @Test func leafChangeRelaysOutOnlyItsPath() {
        let workload = CanvasWorkloads.LeafChange(columns: 20, rows: 50, width: 60, height: 20)
        #expect(workload.run() <= 3)
        #expect(workload.run() <= 3)
    }
}
