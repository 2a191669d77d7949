/// Cells of the screen chosen with the mouse, as a terminal chooses them: from the cell
/// a drag began on to the cell it is at, in reading order (the first row to its end,
/// the rows between whole, the last from its start), or with `block` the rectangle
/// the two cells span (alt held, as terminals do).
public struct ScreenSelection: Sendable, Hashable {
    /// The cell the drag began on, (column, row).
    public var anchor: (x: Int, y: Int)
    /// The cell the drag is at.
    public var head: (x: Int, y: Int)
    /// Whether the rectangle between the two cells is chosen rather than the text between.
    public var block: Bool

    public init(anchor: (x: Int, y: Int), head: (x: Int, y: Int), block: Bool = false) {
        self.anchor = anchor
        self.head = head
        self.block = block
    }

    /// Whether it holds more than the cell the drag began on: a press and a release
    /// on one cell is a click, not a selection.
    public var isEmpty: Bool { anchor == head }

    /// The rows it covers, top to bottom.
    public var rows: ClosedRange<Int> { min(anchor.y, head.y)...max(anchor.y, head.y) }

    /// The columns chosen on `row` of a screen `width` columns wide; nil for a row it
    /// does not cover.
    public func columns(onRow row: Int, width: Int) -> Range<Int>? {
        guard rows.contains(row), width > 0 else { return nil }
        let (first, last) = anchor.y < head.y || (anchor.y == head.y && anchor.x <= head.x)
            ? (anchor, head) : (head, anchor)
        let start: Int
        let end: Int
        if block {
            start = min(anchor.x, head.x)
            end = max(anchor.x, head.x) + 1
        } else {
            start = row == first.y ? first.x : 0
            end = row == last.y ? last.x + 1 : width
        }
        let clamped = max(0, min(start, width))..<max(0, min(end, width))
        return clamped.isEmpty ? nil : clamped
    }

    public static func == (lhs: ScreenSelection, rhs: ScreenSelection) -> Bool {
        lhs.anchor == rhs.anchor && lhs.head == rhs.head && lhs.block == rhs.block
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(anchor.x)
        hasher.combine(anchor.y)
        hasher.combine(head.x)
        hasher.combine(head.y)
        hasher.combine(block)
    }
}

extension CellBuffer {
    /// The text `selection` chooses: each row's part with its trailing spaces removed,
    /// rows joined with newlines. A wide character counts when either of its cells is
    /// chosen, as ``highlight(_:)`` draws it.
    public func text(of selection: ScreenSelection) -> String {
        var lines: [String] = []
        for row in selection.rows where row >= 0 && row < height {
            guard let chosen = selection.columns(onRow: row, width: width) else { continue }
            let covered = coveringWholeGraphemes(Rect(x: chosen.lowerBound, y: row, width: chosen.count, height: 1))
            var line = ""
            let start = row * width
            for column in covered.x..<covered.maxX where cells[start + column].width != 0 {
                line += cells[start + column].text
            }
            while line.last == " " { line.removeLast() }
            lines.append(line)
        }
        return lines.joined(separator: "\n")
    }

    /// Shows `selection` by swapping each chosen cell's colors (inverse on, or off where
    /// it was on), as terminals draw theirs; both halves of a wide character change
    /// together.
    public mutating func highlight(_ selection: ScreenSelection) {
        for row in selection.rows where row >= 0 && row < height {
            guard let chosen = selection.columns(onRow: row, width: width) else { continue }
            let cells = coveringWholeGraphemes(Rect(x: chosen.lowerBound, y: row, width: chosen.count, height: 1))
            toggleAttributes(.inverse, in: cells)
        }
    }
}
