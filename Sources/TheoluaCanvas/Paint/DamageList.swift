/// The areas of a canvas that must be repainted, kept few and clipped to the canvas.
///
/// Rectangles are merged when their union covers no more than both did; past a
/// handful, everything is merged into one bounding rectangle, since painting a bit more beats tracking many pieces.
struct DamageList {
    let bounds: Rect
    private(set) var rects: [Rect] = []
    private static let limit = 8

    init(bounds: Rect) { self.bounds = bounds }

    /// Whether nothing needs repainting.
    var isEmpty: Bool { rects.isEmpty }

    /// Adds an area (clipped to the canvas), merging it with areas it touches.
    mutating func add(_ rect: Rect) {
        var area = rect.intersection(bounds)
        if area.isEmpty { return }
        var index = 0
        while index < rects.count {
            let existing = rects[index]
            if existing.contains(area) { return }
            let merged = area.union(existing)
            // Merge when it wastes nothing: overlapping or side by side along a full edge.
            if merged.width * merged.height <= area.width * area.height + existing.width * existing.height {
                area = merged
                rects.remove(at: index)
                index = 0
                continue
            }
            index += 1
        }
        rects.append(area)
        if rects.count > Self.limit {
            rects = [rects.reduce(Rect.zero) { $0.union($1) }]
        }
    }

    /// Marks the whole canvas.
    mutating func addAll() { rects = bounds.isEmpty ? [] : [bounds] }
}
