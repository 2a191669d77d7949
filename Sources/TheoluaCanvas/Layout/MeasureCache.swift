/// The room a parent offers a child's width while measuring its content.
enum WidthConstraint: Hashable {
    /// As wide as the content wants (max-content).
    case unbounded
    /// The content's width, but no wider than this.
    case atMost(Int)
    /// Exactly this wide; the content decides the height.
    case exactly(Int)

    /// The limit, if there is one.
    var limit: Int? {
        switch self {
        case .unbounded: return nil
        case .atMost(let width), .exactly(let width): return width
        }
    }
}

/// The last few content measurements of a node, so siblings of a changed node are not
/// measured again. A parent asks at most three questions (max-content width, a bounded
/// width, a height for a final width), so four entries are plenty.
struct MeasureCache {
    private var keys: [WidthConstraint] = []
    private var values: [Size] = []
    private var next = 0

    subscript(_ constraint: WidthConstraint) -> Size? {
        for index in keys.indices where keys[index] == constraint { return values[index] }
        return nil
    }

    mutating func store(_ size: Size, for constraint: WidthConstraint) {
        if keys.count < 4 {
            keys.append(constraint)
            values.append(size)
            return
        }
        keys[next] = constraint
        values[next] = size
        next = (next + 1) % 4
    }

    mutating func removeAll() {
        if keys.isEmpty { return }
        keys.removeAll(keepingCapacity: true)
        values.removeAll(keepingCapacity: true)
        next = 0
    }
}
