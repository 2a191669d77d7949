import TheoluaCanvas
import TheoluaCore

/// What `ui.chart` draws in its box: a y axis labelled with the range, an x axis, and
/// each series as a line of braille dots (two columns and four rows of dots a cell) or
/// as bars of eighth blocks, over the whole width.
public struct ChartPlot: BoxDrawing {
    public enum Kind: String, Sendable, Hashable {
        case line, bar
    }

    /// One series: its values, oldest first, and its color.
    public struct Series: Sendable, Hashable {
        public var values: [Double]
        public var color: Color

        public init(values: [Double], color: Color) {
            self.values = values
            self.color = color
        }
    }

    public var kind: Kind
    public var series: [Series]
    public var min: Double
    public var max: Double
    /// The axes' color.
    public var axis: Color

    /// A plot of `series`; `min` defaults to the smallest value or 0, whichever is
    /// lower, and `max` to the largest (values that are not finite are left out).
    public init(kind: Kind, series: [Series], min: Double? = nil, max: Double? = nil, axis: Color = .default) {
        self.kind = kind
        self.series = series
        let finite = series.flatMap(\.values).filter(\.isFinite)
        // A bound that is not a finite number is left to the values.
        let low = min.flatMap { $0.isFinite ? $0 : nil } ?? Swift.min(0, finite.min() ?? 0)
        var high = max.flatMap { $0.isFinite ? $0 : nil } ?? finite.max() ?? 1
        if high <= low { high = low + 1 }
        self.min = low
        self.max = high
        self.axis = axis
    }

    /// The y axis's labels: the top and bottom of the range.
    var labels: (top: String, bottom: String) { (Self.format(max), Self.format(min)) }

    public func draw(in area: Rect, clip: Rect, into buffer: inout CellBuffer) {
        let (top, bottom) = labels
        let gutter = Swift.max(top.count, bottom.count)
        // Too small for axes: nothing but what fits of the plot.
        let withAxes = area.width > gutter + 2 && area.height >= 2
        let plot =
            withAxes
            ? Rect(x: area.x + gutter + 1, y: area.y, width: area.width - gutter - 1, height: area.height - 1)
            : area
        guard plot.width > 0, plot.height > 0 else { return }
        if withAxes {
            let pen = CellStyle(foreground: axis)
            buffer.write(String(repeating: " ", count: gutter - top.count) + top, x: area.x, y: area.y, style: pen, clip: clip)
            if plot.height > 1 {
                buffer.write(
                    String(repeating: " ", count: gutter - bottom.count) + bottom, x: area.x, y: plot.maxY - 1,
                    style: pen, clip: clip)
            }
            for y in plot.y..<plot.maxY { buffer.write("│", x: plot.x - 1, y: y, style: pen, clip: clip) }
            buffer.write("└" + String(repeating: "─", count: plot.width), x: plot.x - 1, y: plot.maxY, style: pen, clip: clip)
        }
        switch kind {
        case .line: drawLines(in: plot, clip: clip, into: &buffer)
        case .bar: drawBars(in: plot, clip: clip, into: &buffer)
        }
    }

    // MARK: Lines

    /// Each series as dots joined by straight lines, its values spread over the width.
    private func drawLines(in plot: Rect, clip: Rect, into buffer: inout CellBuffer) {
        let width = plot.width * 2
        let height = plot.height * 4
        var dots = [UInt8](repeating: 0, count: plot.width * plot.height)
        var colors = [Color?](repeating: nil, count: plot.width * plot.height)
        func set(_ x: Int, _ y: Int, _ color: Color) {
            guard x >= 0, x < width, y >= 0, y < height else { return }
            let cell = (y / 4) * plot.width + x / 2
            dots[cell] |= Self.dotBits[y % 4][x % 2]
            colors[cell] = color
        }
        for series in series {
            let values = series.values.suffix(width)
            guard !values.isEmpty else { continue }
            var last: (x: Int, y: Int)?
            for (index, value) in values.enumerated() {
                guard value.isFinite else {
                    last = nil
                    continue
                }
                let x = values.count == 1 ? width - 1 : index * (width - 1) / (values.count - 1)
                let level = Self.level(of: value, from: min, to: max)
                let y = height - 1 - Int((level * Double(height - 1)).rounded())
                if let last { Self.line(from: last, to: (x, y)) { set($0, $1, series.color) } } else { set(x, y, series.color) }
                last = (x, y)
            }
        }
        for row in 0..<plot.height {
            for column in 0..<plot.width {
                let cell = row * plot.width + column
                guard dots[cell] != 0, let scalar = Unicode.Scalar(0x2800 + UInt32(dots[cell])) else { continue }
                buffer.put(
                    Character(scalar), x: plot.x + column, y: plot.y + row,
                    style: CellStyle(foreground: colors[cell] ?? .default), clip: clip)
            }
        }
    }

    /// The dots of a straight line between two dots (Bresenham's).
    private static func line(from start: (x: Int, y: Int), to end: (x: Int, y: Int), _ plot: (Int, Int) -> Void) {
        var (x, y) = start
        let dx = abs(end.x - x)
        let dy = -abs(end.y - y)
        let stepX = x < end.x ? 1 : -1
        let stepY = y < end.y ? 1 : -1
        var error = dx + dy
        while true {
            plot(x, y)
            if x == end.x && y == end.y { return }
            let twice = 2 * error
            if twice >= dy {
                error += dy
                x += stepX
            }
            if twice <= dx {
                error += dx
                y += stepY
            }
        }
    }

    /// The bit of each dot of a braille cell, by row and column.
    private static let dotBits: [[UInt8]] = [[0x01, 0x08], [0x02, 0x10], [0x04, 0x20], [0x40, 0x80]]

    // MARK: Bars

    /// One bar a value, the series of each value side by side and a space between
    /// values; the last values that fit when there are more than the width holds.
    private func drawBars(in plot: Rect, clip: Rect, into buffer: inout CellBuffer) {
        let groups = series.map(\.values.count).max() ?? 0
        guard groups > 0, !series.isEmpty else { return }
        let groupWidth = series.count + 1
        let shown = Swift.min(groups, Swift.max(1, (plot.width + 1) / groupWidth))
        for group in 0..<shown {
            let index = groups - shown + group
            for (offset, series) in series.enumerated() {
                guard index < series.values.count, series.values[index].isFinite else { continue }
                let x = plot.x + group * groupWidth + offset
                guard x < plot.maxX else { continue }
                let level = Self.level(of: series.values[index], from: min, to: max)
                var eighths = Int((level * Double(plot.height * 8)).rounded())
                let pen = CellStyle(foreground: series.color)
                var y = plot.maxY - 1
                while eighths > 0 && y >= plot.y {
                    let part = Swift.min(eighths, 8)
                    buffer.put(Self.blocks[part - 1], x: x, y: y, style: pen, clip: clip)
                    eighths -= part
                    y -= 1
                }
            }
        }
    }

    private static let blocks: [Character] = ["▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"]

    /// Where `value` stands between `low` and `high`, from 0 to 1 (clamped): halved first,
    /// so that a range as wide as the doubles allow stays finite. In an empty range (every
    /// value the same), a value at its bottom is at the bottom (a flat series of zeros
    /// over `min = 0` lies low) and one above it at the top.
    static func level(of value: Double, from low: Double, to high: Double) -> Double {
        let span = high / 2 - low / 2
        guard span > 0, value.isFinite else { return value > low ? 1 : 0 }
        let level = (value / 2 - low / 2) / span
        return level.isFinite ? Swift.min(Swift.max(level, 0), 1) : 0
    }

    /// A number as an axis shows it: whole numbers plainly, others to two decimals at most.
    static func format(_ value: Double) -> String {
        if !value.isFinite || abs(value) >= 1e15 { return String(value) }
        if value.rounded() == value { return String(Int(value)) }
        var text = String((value * 100).rounded() / 100)
        if text.hasSuffix(".0") { text.removeLast(2) }
        return text
    }
}

extension ChartPlot {
    /// The `chartPlot` primitive (`ui.chart` renders it): a box drawing the plot of its
    /// `series` (records of `values` and `color`), `kind`, `min`, `max` and `axis`.
    static let primitive = DrawingWidget.primitive("chartPlot") { props in
        let series = (props["series"]?.arrayValue?.values ?? []).compactMap { item -> Series? in
            guard let record = item.recordValue else { return nil }
            return Series(
                values: record["values"]?.arrayValue?.values.compactMap(\.doubleValue) ?? [],
                color: PropsMapping.color(record["color"]))
        }
        return AnyBoxDrawing(
            ChartPlot(
                kind: Kind(rawValue: props["kind"]?.stringValue ?? "line") ?? .line, series: series,
                min: props["min"]?.doubleValue, max: props["max"]?.doubleValue, axis: PropsMapping.color(props["axis"])))
    }
}
