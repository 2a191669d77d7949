import TheoluaCanvas

/// Where an inline app draws: the rows below the line the cursor was on when it started,
/// as many as its frame uses (at most `limit`), in the terminal's normal screen. Lines
/// printed above them go into the scrollback as the terminal scrolls, and the last frame
/// stays when the app ends, with the cursor below it.
///
/// Its place on the screen is never needed to draw: the cursor is left at a known cell
/// of the area after each frame, and every move is relative to it (rows are added below
/// with newlines, which scroll the screen when they must). The area's top row on the
/// screen, which mouse reports need, comes from the terminal's answer to a cursor
/// position query (`CSI 6 n`), kept up to date as the area grows and the screen scrolls.
struct InlineScreen {
    /// The rows the area has on the terminal now.
    private(set) var height = 0
    /// The area as it is on the terminal, `height` rows.
    private var shown: CellBuffer?
    /// The cursor's cell in the area, where the last write left it.
    private var cursor = (x: 0, y: 0)
    /// The terminal row (0 at the top) of the area's first row, once known.
    private(set) var top: Int?
    /// The screen's height, to know when adding rows scrolls it.
    var screenRows: Int
    /// The most rows the area takes (`--height`), at most the screen's.
    var limit: Int?
    private var encoder: FrameEncoder
    /// The cursor's row in the area when the last position query was written.
    private var queriedRow: Int?

    init(screenRows: Int, limit: Int?, colors: ColorDepth) {
        self.screenRows = screenRows
        self.limit = limit
        encoder = FrameEncoder(colorDepth: colors)
        encoder.relative = true
        encoder.synchronized = false
    }

    /// The most rows a frame may have now.
    var maximumRows: Int { max(1, min(limit ?? screenRows, screenRows)) }

    /// The bytes that ask the terminal where the cursor is; its answer goes to
    /// ``positionReported(row:)``.
    mutating func positionQuery() -> [UInt8] {
        queriedRow = cursor.y
        return Array("\u{1B}[6n".utf8)
    }

    /// Takes the terminal's answer to the last position query (its row, 1 at the top).
    mutating func positionReported(row: Int) {
        guard let queried = queriedRow else { return }
        top = max(0, row - 1 - queried)
        queriedRow = nil
    }

    /// The row of the area a terminal row (0 at the top) is on, if it is on the area.
    func areaRow(ofScreenRow row: Int) -> Int? {
        guard let top, row >= top, row < top + height else { return nil }
        return row - top
    }

    /// The bytes that show `frame`'s first `rows` rows as the area, growing or shrinking
    /// it to them.
    mutating func draw(_ frame: CellBuffer, rows: Int) -> [UInt8] {
        let rows = max(0, min(rows, frame.height))
        var out: [UInt8] = Array(EscapeSequence.beginSynchronizedUpdate)
        if rows > height {
            // New rows below, each cleared (the screen below the area may hold
            // anything): newlines from the last row scroll the screen when the area
            // reaches its bottom. Rows are erased one by one, never the screen at once:
            // some terminals (tmux) keep a cleared screen in the scrollback.
            if height > 0 {
                moveTo(row: height - 1, &out)
                out.append(0x0D)
            } else {
                out += Array("\r\u{1B}[2K".utf8)
            }
            for _ in max(height, 1)..<rows { out += Array("\n\u{1B}[2K".utf8) }
            cursor = (0, rows - 1)
            if let top { self.top = max(0, min(top, screenRows - rows)) }
        } else if rows < height {
            // The rows no longer used are cleared; the screen does not move.
            erase(rows..<height, &out)
        }
        let next = frame.rows(0..<rows)
        let before =
            shown.map { $0.rows(0..<min($0.height, rows), height: rows) }
            ?? CellBuffer(width: frame.width, height: rows)
        encoder.assumeCursor(x: cursor.x, y: cursor.y)
        out += encoder.encode(from: before, to: next)
        if let at = encoder.cursor { cursor = at }
        height = rows
        shown = next
        // Leave the cursor at the start of the last row, where a stray write does least harm.
        if rows > 0 { moveTo(row: rows - 1, &out) }
        out.append(0x0D)
        cursor.x = 0
        out += EscapeSequence.endSynchronizedUpdate
        return out
    }

    /// The bytes that write `text`'s lines above the area, into the scrollback, and
    /// clear the area, which the next ``draw(_:rows:)`` draws below them.
    mutating func print(_ text: String, width: Int) -> [UInt8] {
        var out: [UInt8] = Array("\u{1B}[0m".utf8)
        erase(0..<height, &out)
        moveTo(row: 0, &out)
        out.append(0x0D)
        var written = 0
        for clean in TerminalText.printable(text).split(separator: "\n", omittingEmptySubsequences: false) {
            out += Array(clean.utf8)
            out += Array("\r\n".utf8)
            written += max(1, (UnicodeWidth.of(clean) + width - 1) / max(width, 1))
        }
        if let top { self.top = min(top + written, screenRows - 1) }
        forget()
        return out
    }

    /// The bytes that clear the area after the terminal changed size (its lines may have
    /// been wrapped again): the next frame draws it anew from its top.
    mutating func clearForResize(screenRows: Int) -> [UInt8] {
        var out: [UInt8] = []
        moveTo(row: 0, &out)
        out += Array("\r\u{1B}[0m\u{1B}[J".utf8)
        self.screenRows = screenRows
        restart()
        return out
    }

    /// The bytes that leave the last frame where it is and the cursor on the line below.
    mutating func finish() -> [UInt8] {
        var out: [UInt8] = []
        guard height > 0 else { return out }
        moveTo(row: height - 1, &out)
        out += Array("\r\u{1B}[0m\n".utf8)
        height = 0
        shown = nil
        return out
    }

    /// The bytes that give the terminal to a program (`ui.exec`): the area is cleared
    /// and the cursor put at the start of its first row, where the program's output
    /// starts (and where a program that takes the alternate screen puts it back), so
    /// none of the app's rows is left under or above what the program writes.
    mutating func handOver() -> [UInt8] {
        var out: [UInt8] = Array("\u{1B}[0m".utf8)
        erase(0..<height, &out)
        moveTo(row: 0, &out)
        out.append(0x0D)
        restart()
        return out
    }

    /// The bytes that take the terminal back from a program, on a screen `columns`
    /// wide: the next frame starts at the start of a line of its own, below what the
    /// program wrote. A line it left unfinished (`printf 'done'`) is kept: `columns - 1`
    /// spaces wrap past it, while after a finished line they stay on the empty row,
    /// which the frame clears. Line wrapping is turned on again, whatever the program
    /// left.
    mutating func takeBack(columns: Int) -> [UInt8] {
        var out: [UInt8] = Array("\u{1B}[0m\u{1B}[?7h".utf8)
        out += [UInt8](repeating: 0x20, count: max(0, columns - 1))
        out.append(0x0D)
        restart()
        return out
    }

    /// Starts the area again where the cursor is now (after the shell or a program had
    /// the terminal): nothing of the old one is known to be on the screen.
    mutating func restart() {
        top = nil
        forget()
    }

    /// Forgets the area: the cursor is at the start of a line, which the next frame
    /// draws from.
    private mutating func forget() {
        height = 0
        shown = nil
        cursor = (0, 0)
        encoder.invalidate()
    }

    /// Erases the area's rows `range` (in the default look), leaving the cursor at the
    /// start of the first.
    private mutating func erase(_ range: Range<Int>, _ out: inout [UInt8]) {
        guard !range.isEmpty else { return }
        for row in range.reversed() {
            moveTo(row: row, &out)
            out += Array("\u{1B}[2K".utf8)
        }
        out.append(0x0D)
        cursor.x = 0
    }

    /// Moves the cursor to `row` of the area (its column unchanged), by rows.
    private mutating func moveTo(row: Int, _ out: inout [UInt8]) {
        if row > cursor.y { out += Array("\u{1B}[\(row - cursor.y)B".utf8) }
        if row < cursor.y { out += Array("\u{1B}[\(cursor.y - row)A".utf8) }
        cursor.y = row
    }
}
