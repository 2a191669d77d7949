import TheoluaCanvas
import TheoluaCore

/// The bar of `ui.progress`: the filled part in `color`, ending in an eighth block, the
/// rest in `track`'s background, on every row of the box's content.
public struct ProgressBar: BoxDrawing {
    /// How full, from 0 to 1 (clamped; NaN is 0).
    public var value: Double
    /// The filled part's color.
    public var color: Color
    /// The background of the whole bar.
    public var track: Color

    public init(value: Double, color: Color = .default, track: Color = .default) {
        self.value = value.isNaN ? 0 : min(max(value, 0), 1)
        self.color = color
        self.track = track
    }

    /// The bar for `width` cells: full blocks, then the eighth block of the remainder,
    /// then spaces.
    public func cells(width: Int) -> String {
        guard width > 0 else { return "" }
        let eighths = Int((value * Double(width) * 8).rounded())
        let full = min(width, eighths / 8)
        var bar = String(repeating: "█", count: full)
        if full < width {
            let partial = eighths % 8
            bar += partial == 0 ? " " : String(Self.partials[partial - 1])
            bar += String(repeating: " ", count: width - full - 1)
        }
        return bar
    }

    public func draw(in area: Rect, clip: Rect, into buffer: inout CellBuffer) {
        let rows = max(area.y, clip.y)..<min(area.maxY, clip.maxY)
        guard !rows.isEmpty else { return }
        let pen = CellStyle(foreground: color, background: track)
        let cells = cells(width: area.width)
        for y in rows { buffer.write(cells, x: area.x, y: y, style: pen, clip: clip) }
    }

    /// The left one to seven eighths of a cell.
    private static let partials: [Character] = ["▏", "▎", "▍", "▌", "▋", "▊", "▉"]
}

extension ProgressBar {
    /// The `progressBar` primitive (`ui.progress` renders it): a box drawing a bar of
    /// its `value`, `color` and `track`.
    static let primitive = DrawingWidget.primitive("progressBar") { props in
        AnyBoxDrawing(
            ProgressBar(
                value: props["value"]?.doubleValue ?? 0, color: PropsMapping.color(props["color"]),
                track: PropsMapping.color(props["track"])))
    }
}
