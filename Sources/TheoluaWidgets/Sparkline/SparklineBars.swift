import TheoluaCanvas
import TheoluaCore

/// The bars of `ui.sparkline`: the last `width` values, right-aligned, each a block of
/// one to eight eighths between `min` and `max`, in `color`.
public struct SparklineBars: BoxDrawing {
    public var values: [Double]
    public var min: Double
    public var max: Double
    public var color: Color

    /// Bars for `values`; `min` defaults to the smallest value or 0, whichever is
    /// lower, and `max` to the largest. Values that are not finite are drawn as gaps.
    public init(values: [Double], min: Double? = nil, max: Double? = nil, color: Color = .default) {
        self.values = values
        let finite = values.filter(\.isFinite)
        // A bound that is not a finite number is left to the values.
        self.min = min.flatMap { $0.isFinite ? $0 : nil } ?? Swift.min(0, finite.min() ?? 0)
        self.max = max.flatMap { $0.isFinite ? $0 : nil } ?? finite.max() ?? 1
        self.color = color
    }

    /// The bars for the last `width` values, right-aligned.
    public func cells(width: Int) -> String {
        guard width > 0 else { return "" }
        let shown = values.suffix(width)
        var row = String(repeating: " ", count: width - shown.count)
        for value in shown { row.append(bar(value)) }
        return row
    }

    /// The block for `value`: `▁` at `min` (and below), `█` at `max` (and above).
    func bar(_ value: Double) -> Character {
        guard value.isFinite else { return " " }
        let index = Int((ChartPlot.level(of: value, from: min, to: max) * 7).rounded())
        return Self.blocks[index]
    }

    public func draw(in area: Rect, clip: Rect, into buffer: inout CellBuffer) {
        let rows = Swift.max(area.y, clip.y)..<Swift.min(area.maxY, clip.maxY)
        guard !rows.isEmpty else { return }
        let pen = CellStyle(foreground: color)
        // The bars on the bottom row; rows above stay empty.
        let y = area.maxY - 1
        guard rows.contains(y) else { return }
        buffer.write(cells(width: area.width), x: area.x, y: y, style: pen, clip: clip)
    }

    private static let blocks: [Character] = ["▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"]
}

extension SparklineBars {
    /// The `sparklineBars` primitive (`ui.sparkline` renders it): a box drawing the bars
    /// of its `values` between `min` and `max` in `color`.
    static let primitive = DrawingWidget.primitive("sparklineBars") { props in
        AnyBoxDrawing(
            SparklineBars(
                values: props["values"]?.arrayValue?.values.compactMap(\.doubleValue) ?? [],
                min: props["min"]?.doubleValue, max: props["max"]?.doubleValue,
                color: PropsMapping.color(props["color"])))
    }
}
