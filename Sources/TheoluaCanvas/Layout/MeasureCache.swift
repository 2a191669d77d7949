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
/// width, a height for a final width), and a shrinking row the content's minimum width,
/// so four entries are plenty. A scroll's size also depends on the canvas's height (it
/// measures one screenful), so its answers are kept with the height they were for. One
/// array, made on the first measurement: nodes never measured (a long list's rows out
/// of view) hold nothing.
struct MeasureCache {
    /// What an entry answers.
    private enum Question: Equatable {
        case size(WidthConstraint)
        case minimumWidth
        case screenful(WidthConstraint, viewport: Int)
    }

    private var entries: [(question: Question, size: Size)] = []
    private var next = 0

    subscript(_ constraint: WidthConstraint) -> Size? {
        answer(.size(constraint))
    }

    /// A scroll's size under `constraint` when the canvas is `viewport` rows high.
    subscript(_ constraint: WidthConstraint, viewport viewport: Int) -> Size? {
        answer(.screenful(constraint, viewport: viewport))
    }

    /// The content's minimum width (see ``LayoutPass/minimumWidth(of:)``), if known.
    var minimumWidth: Int? { answer(.minimumWidth)?.width }

    mutating func store(_ size: Size, for constraint: WidthConstraint) {
        store(size, answering: .size(constraint))
    }

    mutating func store(_ size: Size, for constraint: WidthConstraint, viewport: Int) {
        store(size, answering: .screenful(constraint, viewport: viewport))
    }

    mutating func storeMinimumWidth(_ width: Int) {
        store(Size(width: width, height: 0), answering: .minimumWidth)
    }

    mutating func removeAll() {
        if entries.isEmpty { return }
        entries.removeAll(keepingCapacity: true)
        next = 0
    }

    private func answer(_ question: Question) -> Size? {
        for entry in entries where entry.question == question { return entry.size }
        return nil
    }

    private mutating func store(_ size: Size, answering question: Question) {
        if entries.count < 4 {
            if entries.isEmpty { entries.reserveCapacity(4) }
            entries.append((question, size))
            return
        }
        entries[next] = (question, size)
        next = (next + 1) % 4
    }
}
