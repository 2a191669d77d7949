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
/// width, a height for a final width), so four entries are plenty. One array, made on
/// the first measurement: nodes never measured (a long list's rows out of view) hold
/// nothing.
struct MeasureCache {
    private var entries: [(constraint: WidthConstraint, size: Size)] = []
    private var next = 0

    subscript(_ constraint: WidthConstraint) -> Size? {
        for entry in entries where entry.constraint == constraint { return entry.size }
        return nil
    }

    mutating func store(_ size: Size, for constraint: WidthConstraint) {
        if entries.count < 4 {
            if entries.isEmpty { entries.reserveCapacity(4) }
            entries.append((constraint, size))
            return
        }
        entries[next] = (constraint, size)
        next = (next + 1) % 4
    }

    mutating func removeAll() {
        if entries.isEmpty { return }
        entries.removeAll(keepingCapacity: true)
        next = 0
    }
}
