/// Turns a new frame into the bytes that update a terminal showing the previous one.
///
/// Only changed cells are written; the cursor takes the shortest way between them
/// (absolute, relative, carriage return, or writing the unchanged cells in between);
/// the pen changes only when the style does, by the shorter of a difference or a
/// reset; trailing blank runs are erased with EL. Each frame is wrapped in a
/// synchronized update, so the terminal shows it at once.
///
/// The encoder is a pure value: it performs no I/O and only remembers where it left the
/// cursor and which pen it left set, assuming nothing else writes to the terminal
/// between frames. After something else did (a resize, a log line), call
/// `invalidate()`; when the screen's content is unknown, encode with no previous frame.
public struct FrameEncoder: Sendable {
    /// Whether frames are wrapped in CSI ? 2026 h … CSI ? 2026 l.
    public var synchronized = true

    /// The cursor cell after the last frame, if known.
    public private(set) var cursor: (x: Int, y: Int)?

    /// Whether the cursor only moves from where it is, never to an absolute position:
    /// for frames drawn on rows whose place on the screen is not known (an inline app,
    /// below where the cursor was). The caller says where the cursor is
    /// (``assumeCursor(x:y:)``) before each frame, and encodes against a previous frame
    /// always (with none, nothing is cleared: the rows are taken as blank).
    public var relative = false

    /// Takes the cursor to be at (x, y) of the frame, after the caller moved it there.
    public mutating func assumeCursor(x: Int, y: Int) {
        cursor = (x, y)
    }

    /// The pen (colors and attributes) after the last frame, if known.
    public private(set) var pen: CellStyle?

    /// How many colors the terminal shows: colors are mapped down to them as they are
    /// written.
    public var colorDepth: ColorDepth {
        get { colors.depth }
        set { colors = ColorAdapter(newValue) }
    }
    private var colors = ColorAdapter(.truecolor)

    /// Creates an encoder for a terminal whose pen is the default and cursor unknown,
    /// showing `colorDepth` colors.
    public init(colorDepth: ColorDepth = .truecolor) {
        pen = .plain
        colors = ColorAdapter(colorDepth)
    }

    /// Forgets the cursor position and the pen, after other output reached the terminal.
    public mutating func invalidate() {
        cursor = nil
        pen = nil
    }

    /// The bytes that turn a terminal showing `previous` into one showing `next`.
    ///
    /// With no previous frame, or one of another size, the screen is cleared and every
    /// non-blank cell written. Returns no bytes at all when nothing changed.
    public mutating func encode(from previous: CellBuffer?, to next: CellBuffer) -> [UInt8] {
        encode(from: previous, to: next, changedAreas: nil)
    }

    /// The bytes that turn a terminal showing `previous` into one showing `next`, which
    /// differs from it only within `changedAreas` (when given): only those cells are
    /// compared, so a frame costs what changed, not the size of the screen.
    package mutating func encode(from previous: CellBuffer?, to next: CellBuffer, changedAreas: [Rect]?) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(changedAreas == nil ? 64 + next.width * next.height : 256)
        if synchronized { out.append(contentsOf: EscapeSequence.beginSynchronizedUpdate) }
        let prefix = out.count
        let base: CellBuffer
        var spans: [Range<Int>]?
        if let previous, previous.width == next.width, previous.height == next.height {
            base = previous
            spans = changedAreas.map { Self.spans(of: $0, width: next.width, height: next.height) }
        } else {
            if !relative {
                setPen(.plain, &out)
                out.append(contentsOf: EscapeSequence.clearScreen)
            }
            base = CellBuffer(width: next.width, height: next.height)
        }
        writeChanges(from: base, to: next, spans: spans, into: &out)
        if out.count == prefix { return [] }
        // No hyperlink stays open between frames, where other output may come.
        if var open = pen, open.link != .none {
            open.link = .none
            SGR.appendLink(.none, into: &out)
            pen = open
        }
        if synchronized { out.append(contentsOf: EscapeSequence.endSynchronizedUpdate) }
        return out
    }

    /// The bytes that draw `next` on a screen whose content is unknown.
    public mutating func encodeFull(_ next: CellBuffer) -> [UInt8] {
        encode(from: nil, to: next)
    }

    /// The columns of each row that `areas` cover (from the leftmost to the rightmost).
    private static func spans(of areas: [Rect], width: Int, height: Int) -> [Range<Int>] {
        var spans = [Range<Int>](repeating: 0..<0, count: height)
        let bounds = Rect(x: 0, y: 0, width: width, height: height)
        for area in areas {
            let area = area.intersection(bounds)
            if area.isEmpty { continue }
            for y in area.y..<area.maxY {
                let span = spans[y]
                spans[y] = span.isEmpty ? area.x..<area.maxX : min(span.lowerBound, area.x)..<max(span.upperBound, area.maxX)
            }
        }
        return spans
    }

    private mutating func writeChanges(
        from old: CellBuffer, to new: CellBuffer, spans: [Range<Int>]?, into out: inout [UInt8]
    ) {
        new.cells.withUnsafeBufferPointer { newCells in
            old.cells.withUnsafeBufferPointer { oldCells in
                writeChanges(
                    from: oldCells, to: newCells, width: new.width, height: new.height, spans: spans, into: &out)
            }
        }
    }

    private mutating func writeChanges(
        from oldCells: UnsafeBufferPointer<Cell>, to newCells: UnsafeBufferPointer<Cell>, width: Int,
        height: Int, spans: [Range<Int>]?,
        into out: inout [UInt8]
    ) {
        for y in 0..<height {
            let start = y * width
            let span = spans?[y] ?? 0..<width
            var x = span.lowerBound
            var blankFrom = -1  // computed lazily: where the row's trailing plain blanks begin
            while x < span.upperBound {
                let index = start + x
                if newCells[index].width == 0
                    || (newCells[index] == oldCells[index]
                        && (newCells[index].width == 1 || newCells[index + 1] == oldCells[index + 1]))
                {
                    x += 1
                    continue
                }
                if blankFrom < 0 { blankFrom = trailingBlanks(newCells, start: start, width: width) }
                if x >= blankFrom,
                    changedCount(newCells, oldCells, from: index, to: start + width, atLeast: 3)
                {
                    move(to: x, y, newCells, width, &out)
                    setPen(.plain, &out)
                    out.append(contentsOf: [0x1B, UInt8(ascii: "["), UInt8(ascii: "K")])
                    break
                }
                if let (cursorX, cursorY) = cursor, cursorX == x, cursorY == y {
                    // Already there: the common case of consecutive changed cells.
                } else {
                    move(to: x, y, newCells, width, &out)
                }
                if newCells[index].style != pen { setPen(newCells[index].style, &out) }
                appendText(newCells[index].text, to: &out)
                x += Int(newCells[index].width)
                // The last column leaves a pending wrap: where the cursor is then depends
                // on the terminal, but every relative move starts from the last column.
                cursor = x < width ? (x, y) : relative ? (width - 1, y) : nil
            }
        }
    }

    /// The first column of the row's run of trailing plain blank cells.
    private func trailingBlanks(_ cells: UnsafeBufferPointer<Cell>, start: Int, width: Int) -> Int {
        var column = width
        while column > 0, cells[start + column - 1] == .blank { column -= 1 }
        return column
    }

    /// Whether at least `atLeast` cells differ in the index range.
    private func changedCount(
        _ new: UnsafeBufferPointer<Cell>, _ old: UnsafeBufferPointer<Cell>, from: Int, to: Int, atLeast: Int
    ) -> Bool {
        var count = 0
        for index in from..<to where new[index] != old[index] {
            count += 1
            if count >= atLeast { return true }
        }
        return false
    }

    private mutating func setPen(_ style: CellStyle, _ out: inout [UInt8]) {
        let style = colors.adapt(style)
        if let pen {
            SGR.appendTransition(from: pen, to: style, into: &out)
        } else {
            out.append(contentsOf: EscapeSequence.resetStyle)
            SGR.appendTransition(from: .plain, to: style, into: &out)
        }
        pen = style
    }

    /// Moves the cursor to (x, y) the shortest way.
    private mutating func move(
        to x: Int, _ y: Int, _ cells: UnsafeBufferPointer<Cell>, _ width: Int, _ out: inout [UInt8]
    ) {
        guard let (fromX, fromY) = cursor else {
            CursorMoves.appendPosition(x: x, y: y, into: &out)
            cursor = (x, y)
            return
        }
        if fromX == x && fromY == y { return }
        let absoluteCost = relative ? Int.max : CursorMoves.positionCost(x: x, y: y)
        if fromY == y {
            let horizontal = CursorMoves.horizontal(from: fromX, to: x)
            var best = min(absoluteCost, horizontal.cost)
            // Rewriting unchanged cells in the current pen can be shorter than any escape.
            if x > fromX, x - fromX < best,
                let through = writeThroughCost(cells, width, y: y, from: fromX, to: x),
                through < best
            {
                best = through
                let start = y * width
                for column in fromX..<x where cells[start + column].width != 0 {
                    appendText(cells[start + column].text, to: &out)
                }
            } else if horizontal.cost <= absoluteCost {
                horizontal.append(into: &out)
            } else {
                CursorMoves.appendPosition(x: x, y: y, into: &out)
            }
        } else {
            let vertical = y > fromY ? UInt8(ascii: "B") : UInt8(ascii: "A")
            let rows = abs(y - fromY)
            let horizontal = CursorMoves.horizontal(from: fromX, to: x)
            let relativeCost = CursorMoves.relativeCost(rows, vertical) + horizontal.cost
            let newlineMove: CursorMoves.Horizontal = x == 0 ? .none : .forward(x)
            let newlineCost = y == fromY + 1 ? 2 + newlineMove.cost : Int.max
            if newlineCost < relativeCost && newlineCost < absoluteCost {
                out.append(contentsOf: [0x0D, 0x0A])
                newlineMove.append(into: &out)
            } else if relativeCost < absoluteCost {
                CursorMoves.appendRelative(rows, vertical, into: &out)
                horizontal.append(into: &out)
            } else {
                CursorMoves.appendPosition(x: x, y: y, into: &out)
            }
        }
        cursor = (x, y)
    }

    /// The bytes needed to rewrite the cells between two columns in the current pen, or
    /// nil when one of them has another style.
    private func writeThroughCost(
        _ cells: UnsafeBufferPointer<Cell>, _ width: Int, y: Int, from: Int, to: Int
    ) -> Int? {
        let start = y * width
        var cost = 0
        for column in from..<to {
            if cells[start + column].style != pen { return nil }
            if cells[start + column].width == 0 { continue }
            cost += cells[start + column].text.utf8.count
        }
        return cost
    }
}

/// Appends a grapheme's UTF-8 bytes with one copy (graphemes are small strings).
@inline(__always)
func appendText(_ text: String, to out: inout [UInt8]) {
    var text = text
    text.withUTF8 { out.append(contentsOf: $0) }
}
