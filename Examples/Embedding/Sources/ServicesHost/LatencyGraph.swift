import TheoluaRuntime

/// A sparkline of response times drawn in Swift, usable from Lua as
/// `ui.Latency { values = service.latency, width = 16 }`: the last `width` values, each
/// a block as high between the lowest and the highest of them as the value is.
struct LatencyGraph: Component, Decodable {
    var values: [Double]
    var width: Int

    static let schema = "{ values = { 'array', of = 'number' }, width = { 'integer', min = 1, default = 16 } }"
    private static let blocks = Array("▁▂▃▄▅▆▇█")

    func render(_ context: ComponentContext<LatencyGraph>) -> [Element] {
        let shown = values.suffix(width)
        let low = shown.min() ?? 0
        let span = (shown.max() ?? 0) - low
        let line = shown.map { value -> Character in
            guard span > 0 else { return Self.blocks[0] }
            let level = Int(((value - low) / span * Double(Self.blocks.count - 1)).rounded())
            return Self.blocks[min(max(level, 0), Self.blocks.count - 1)]
        }
        let padding = String(repeating: " ", count: width - shown.count)
        return [.text(padding + String(line), style: ["color": "cyan"])]
    }
}
