/// A press on a scrollbar and the drags after it, as fractions of the bar: what scroll,
/// list, table and textarea share of their bars' mouse handling.
struct ScrollbarDrag {
    /// What a pointer event means for the bar.
    enum Outcome {
        /// Not the bar's: a press elsewhere, or a drag that did not start on it.
        case elsewhere
        /// The end of a drag of the bar.
        case released
        /// The view goes this far through the content (0 the start, 1 the end).
        case at(Double)
    }

    private var isDragging = false

    /// Follows `pointer` for a bar in `column` over `rows` (the widget's own cells).
    mutating func follow(_ pointer: PointerEvent, column: Int, rows: Range<Int>) -> Outcome {
        guard !rows.isEmpty else { return .elsewhere }
        switch pointer.phase {
        case .press:
            guard pointer.x == column, rows.contains(pointer.y) else { return .elsewhere }
            isDragging = true
        case .drag:
            guard isDragging else { return .elsewhere }
        case .release:
            guard isDragging else { return .elsewhere }
            isDragging = false
            return .released
        }
        let row = min(max(pointer.y - rows.lowerBound, 0), rows.count - 1)
        return .at(Double(row) / Double(max(rows.count - 1, 1)))
    }
}
