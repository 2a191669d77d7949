/// A width×height grid of cells: the picture a canvas paints and a terminal shows.
///
/// Writing keeps the grid consistent: a wide grapheme always occupies a leader cell
/// and a continuation cell, overwriting either half of a wide grapheme blanks the
/// other half, and a wide grapheme that does not fit before an edge or the clip
/// rectangle is drawn as a space instead of being split.
public struct CellBuffer: Sendable, Equatable {
    /// Columns.
    public let width: Int
    /// Rows.
    public let height: Int
    /// The cells in row-major order: the cell at (x, y) is at `y * width + x`.
    public private(set) var cells: [Cell]

    /// Creates a buffer filled with one cell (blank by default).
    public init(width: Int, height: Int, fill: Cell = .blank) {
        self.width = max(0, width)
        self.height = max(0, height)
        let filler = fill.width == 1 ? fill : .blank
        cells = Array(repeating: filler, count: self.width * self.height)
    }

    /// Creates a buffer of the given size.
    public init(size: Size) { self.init(width: size.width, height: size.height) }

    /// Creates a buffer showing the given lines in the default style, as wide as the
    /// widest line unless `width` is given; handy for expected screens in tests.
    public init(lines: [String], width: Int? = nil) {
        let columns = width ?? lines.map { UnicodeWidth.of($0) }.max() ?? 0
        self.init(width: columns, height: lines.count)
        for (row, line) in lines.enumerated() { write(line, x: 0, y: row) }
    }

    /// The rows `range` of the buffer (those in it), as a buffer `height` rows tall
    /// (the range's count unless given), blank below them.
    public func rows(_ range: Range<Int>, height: Int? = nil) -> CellBuffer {
        var copy = CellBuffer(width: width, height: height ?? range.count)
        let first = max(0, range.lowerBound)
        let last = min(self.height, range.upperBound, first + copy.height)
        if first < last {
            copy.cells.replaceSubrange(0..<((last - first) * width), with: cells[(first * width)..<(last * width)])
        }
        return copy
    }

    /// The whole buffer as a rectangle at the origin.
    public var bounds: Rect { Rect(x: 0, y: 0, width: width, height: height) }

    /// The buffer's size.
    public var size: Size { Size(width: width, height: height) }

    /// The cell at (x, y); a blank cell outside the buffer.
    public subscript(x: Int, y: Int) -> Cell {
        guard x >= 0, y >= 0, x < width, y < height else { return .blank }
        return cells[y * width + x]
    }

    /// Fills a rectangle (clipped to the buffer) with blank cells of one style.
    public mutating func fill(_ rect: Rect, style: CellStyle = .plain) {
        let area = rect.intersection(bounds)
        if area.isEmpty { return }
        let filler = Cell.blank(style)
        for row in area.y..<area.maxY {
            unhookWideNeighbours(row: row, from: area.x, to: area.maxX)
            let start = row * width
            for column in area.x..<area.maxX { cells[start + column] = filler }
        }
    }

    /// A buffer of the same cells in storage of its own.
    package func copied() -> CellBuffer {
        var copy = self
        copy.cells = cells.withUnsafeBufferPointer { Array($0) }
        return copy
    }

    /// Copies the cells of `areas` from `other`, a buffer of the same size (else
    /// nothing is copied).
    package mutating func copy(_ areas: [Rect], from other: CellBuffer) {
        guard other.width == width, other.height == height else { return }
        for area in areas {
            let area = area.intersection(bounds)
            if area.isEmpty { continue }
            for row in area.y..<area.maxY {
                let start = row * width
                cells.replaceSubrange(
                    (start + area.x)..<(start + area.maxX), with: other.cells[(start + area.x)..<(start + area.maxX)])
            }
        }
    }

    /// `rect` (within the buffer) widened by a column on a side where its edge falls
    /// between the two halves of a wide grapheme, so that it holds the whole grapheme.
    public func coveringWholeGraphemes(_ rect: Rect) -> Rect {
        let area = rect.intersection(bounds)
        if area.isEmpty { return area }
        var left = area.x
        var right = area.maxX
        for row in area.y..<area.maxY {
            let start = row * width
            if area.x > 0, cells[start + area.x].isContinuation { left = area.x - 1 }
            if area.maxX < width, cells[start + area.maxX].isContinuation { right = area.maxX + 1 }
        }
        return Rect(x: left, y: area.y, width: right - left, height: area.height)
    }

    /// Sets the background color of every cell in a rectangle, keeping its text.
    public mutating func setBackground(_ color: Color, in rect: Rect) {
        let area = rect.intersection(bounds)
        if area.isEmpty { return }
        for row in area.y..<area.maxY {
            let start = row * width
            for column in area.x..<area.maxX { cells[start + column].style.background = color }
        }
    }

    /// Adds `attributes` to every cell in a rectangle, keeping its text and colors.
    public mutating func addAttributes(_ attributes: TextAttributes, in rect: Rect) {
        let area = rect.intersection(bounds)
        if area.isEmpty { return }
        for row in area.y..<area.maxY {
            let start = row * width
            for column in area.x..<area.maxX { cells[start + column].style.attributes.formUnion(attributes) }
        }
    }

    /// Turns `attributes` on in every cell of a rectangle where they are off, and off
    /// where they are on (a selection drawn over the screen).
    public mutating func toggleAttributes(_ attributes: TextAttributes, in rect: Rect) {
        let area = rect.intersection(bounds)
        if area.isEmpty { return }
        for row in area.y..<area.maxY {
            let start = row * width
            for column in area.x..<area.maxX {
                cells[start + column].style.attributes.formSymmetricDifference(attributes)
            }
        }
    }

    /// Writes one grapheme cluster at (x, y) and returns the columns it advances (0–2).
    ///
    /// Nothing is drawn outside `clip` (the whole buffer when nil); the advance is
    /// returned regardless, so callers can lay out a line and let the clip cut it.
    /// Controls and zero-width clusters advance nothing and draw nothing.
    @discardableResult
    public mutating func put(_ character: Character, x: Int, y: Int, style: CellStyle, clip: Rect? = nil)
        -> Int
    {
        let columns = UnicodeWidth.of(character)
        put(
            character, columns: columns, x: x, y: y, style: style,
            clip: clip.map { $0.intersection(bounds) } ?? bounds)
        return columns
    }

    /// Writes one line of text starting at (x, y) and returns the column after it.
    ///
    /// Newlines and other controls are skipped; use separate calls for separate rows.
    @discardableResult
    public mutating func write(
        _ text: some StringProtocol, x: Int, y: Int, style: CellStyle = .plain, clip: Rect? = nil
    ) -> Int {
        let area = clip.map { $0.intersection(bounds) } ?? bounds
        var column = x
        for character in text {
            let columns = UnicodeWidth.of(character)
            put(character, columns: columns, x: column, y: y, style: style, clip: area)
            column += columns
        }
        return column
    }

    /// Writes raw bytes as UTF-8, showing each invalid sequence as U+FFFD, and returns
    /// the column after them.
    @discardableResult
    public mutating func write(
        utf8 bytes: some Collection<UInt8>, x: Int, y: Int, style: CellStyle = .plain, clip: Rect? = nil
    ) -> Int {
        write(String(decoding: bytes, as: UTF8.self), x: x, y: y, style: style, clip: clip)
    }

    /// Replaces one cell, keeping wide graphemes around it consistent.
    mutating func put(_ character: Character, columns: Int, x: Int, y: Int, style: CellStyle, clip: Rect) {
        guard columns > 0, y >= clip.y, y < clip.maxY else { return }
        if columns == 1 {
            guard x >= clip.x, x < clip.maxX else { return }
            replace(at: y * width + x, column: x, with: Cell(text: String(character), style: style, width: 1))
            return
        }
        let leftIn = x >= clip.x && x < clip.maxX
        let rightIn = x + 1 >= clip.x && x + 1 < clip.maxX
        if leftIn && rightIn {
            let index = y * width + x
            replace(at: index, column: x, with: Cell(text: String(character), style: style, width: 2))
            replace(at: index + 1, column: x + 1, with: Cell(text: "", style: style, width: 0))
        } else if leftIn {
            replace(at: y * width + x, column: x, with: .blank(style))
        } else if rightIn {
            replace(at: y * width + x + 1, column: x + 1, with: .blank(style))
        }
    }

    /// Stores a cell, first blanking the other half of any wide grapheme it overwrites.
    private mutating func replace(at index: Int, column: Int, with cell: Cell) {
        let old = cells[index]
        if old.width == 0, cell.width != 0, column > 0, cells[index - 1].width == 2 {
            cells[index - 1] = .blank(cells[index - 1].style)
        } else if old.width == 2, cell.width != 2, column + 1 < width, cells[index + 1].width == 0 {
            cells[index + 1] = .blank(old.style)
        }
        cells[index] = cell
    }

    /// Before a run of columns is overwritten, blanks wide halves that stick out of it.
    private mutating func unhookWideNeighbours(row: Int, from left: Int, to right: Int) {
        let start = row * width
        if left > 0, cells[start + left].width == 0, cells[start + left - 1].width == 2 {
            cells[start + left - 1] = .blank(cells[start + left - 1].style)
        }
        if right < width, right > 0, cells[start + right].width == 0, cells[start + right - 1].width == 2 {
            cells[start + right] = .blank(cells[start + right].style)
        }
    }
}
