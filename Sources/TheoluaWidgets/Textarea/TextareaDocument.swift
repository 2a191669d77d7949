import TheoluaCanvas

/// A place in a textarea's text: a line, and a UTF-8 offset into it that falls between
/// two characters (grapheme clusters).
struct TextPosition: Sendable, Hashable, Comparable {
    var line: Int
    var offset: Int

    static func < (left: TextPosition, right: TextPosition) -> Bool {
        (left.line, left.offset) < (right.line, right.offset)
    }
}

/// The text a textarea edits, as lines, with the cursor and each line's wrapping.
///
/// Edits change the lines next to the cursor and forget only those lines' wrapping, so
/// typing into a value of 10,000 lines costs the line typed into; joining the lines into
/// the value sent with `onChange` is the only whole-text work. Each line is wrapped
/// when it is first shown or crossed by the cursor, and kept until it changes or the
/// width does.
struct TextareaDocument {
    /// The lines, without their line breaks; at least one.
    private(set) var lines: [String]
    /// The cursor.
    var cursor = TextPosition(line: 0, offset: 0)
    /// The wrapping of each line at ``width``, where it was worked out.
    private var wrapping: [LineRows?]
    /// The cells a row holds.
    private(set) var width = 1
    /// Whether rows break after spaces (else anywhere).
    private(set) var wordWrap = true

    /// The rows one line is shown in.
    struct LineRows: Equatable {
        /// Where each row starts, in UTF-8 bytes into the line; the first is 0. When the
        /// last row is full, one more (empty) row starts at the line's end, so a cursor
        /// there has a cell.
        var starts: [Int]
        /// Each row's width in cells.
        var widths: [Int]
        var count: Int { starts.count }
    }

    init(_ text: String) {
        lines = Self.split(text)
        wrapping = Array(repeating: nil, count: lines.count)
    }

    /// The text, lines joined with line breaks: one allocation of the exact size and a
    /// copy of each line's bytes.
    var text: String {
        var total = lines.count - 1
        for line in lines { total += line.utf8.count }
        return String(unsafeUninitializedCapacity: total) { buffer in
            guard let base = buffer.baseAddress else { return 0 }
            var at = 0
            for (index, var line) in lines.enumerated() {
                if index > 0 {
                    base[at] = 10
                    at += 1
                }
                line.withUTF8 { bytes in
                    if let source = bytes.baseAddress { (base + at).update(from: source, count: bytes.count) }
                    at += bytes.count
                }
            }
            return at
        }
    }

    /// Whether the text is empty.
    var isEmpty: Bool { lines.count == 1 && lines[0].isEmpty }

    /// `text` split at its line breaks (`\n`, or `\r\n`).
    static func split(_ text: String) -> [String] {
        var result: [String] = []
        for piece in text.utf8.split(separator: 10, omittingEmptySubsequences: false) {
            var line = Substring(piece)
            if line.utf8.last == 13 { line = Substring(line.utf8.dropLast()) }
            result.append(String(line))
        }
        return result.isEmpty ? [""] : result
    }

    /// Text as inserted: line breaks as `\n`, tabs kept, other control characters dropped.
    static func normalized(_ text: String) -> String {
        InputWidget.withoutControls(text, lineBreak: "\n", tab: "\t")
    }

    // MARK: Wrapping

    /// Sets the row width and the wrapping mode; forgets every line's wrapping when
    /// either changes.
    mutating func setWrapping(width: Int, words: Bool) {
        let width = max(1, width)
        guard width != self.width || words != wordWrap else { return }
        self.width = width
        wordWrap = words
        wrapping = Array(repeating: nil, count: lines.count)
    }

    /// The rows of line `index`.
    mutating func rows(of index: Int) -> LineRows {
        if let known = wrapping[index] { return known }
        let rows = Self.wrap(lines[index], width: width, words: wordWrap)
        wrapping[index] = rows
        return rows
    }

    /// The character at `index` of `line`: the boundary after it and its width, as a
    /// textarea draws it (a tab takes four cells).
    static func step(after index: String.Index, in line: String) -> (index: String.Index, width: Int) {
        if line.utf8[index] == 9 { return (line.utf8.index(after: index), 4) }
        return InputWindow.step(after: index, in: line)
    }

    /// Breaks `line` into rows of at most `width` cells. With `words`, a row ends after
    /// the last space before the word that does not fit, and a word longer than a row is
    /// broken between its characters; every character is in exactly one row, spaces
    /// included, so every place in the line is somewhere on screen.
    static func wrap(_ line: String, width: Int, words: Bool) -> LineRows {
        var starts = [0]
        var widths: [Int] = []
        var used = 0
        // The last place after a space in the current row, and the row's width before it.
        var breakAt: (index: String.Index, used: Int)?
        var index = line.startIndex
        var previousIsSpace = false
        while index < line.endIndex {
            let isSpace = line.utf8[index] == 32
            let (next, cells) = step(after: index, in: line)
            if words, previousIsSpace, !isSpace { breakAt = (index, used) }
            if used + cells > width, used > 0 {
                if words, let point = breakAt, point.used > 0, used - point.used + cells <= width {
                    widths.append(point.used)
                    starts.append(line.utf8.distance(from: line.startIndex, to: point.index))
                    used -= point.used
                } else {
                    widths.append(used)
                    starts.append(line.utf8.distance(from: line.startIndex, to: index))
                    used = 0
                }
                breakAt = nil
            }
            used += cells
            previousIsSpace = isSpace
            index = next
        }
        widths.append(used)
        if used >= width, !line.isEmpty {
            starts.append(line.utf8.count)
            widths.append(0)
        }
        return LineRows(starts: starts, widths: widths)
    }

    // MARK: Rows and positions

    /// A row on screen: a line and a row of it.
    struct Row: Sendable, Hashable, Comparable {
        var line: Int
        var row: Int

        static func < (left: Row, right: Row) -> Bool { (left.line, left.row) < (right.line, right.row) }
    }

    /// The row `position` is shown in, and its column in cells.
    mutating func place(of position: TextPosition) -> (row: Row, x: Int) {
        let rows = rows(of: position.line)
        var row = 0
        while row + 1 < rows.count, rows.starts[row + 1] <= position.offset { row += 1 }
        let line = lines[position.line]
        let start = line.utf8.index(line.startIndex, offsetBy: rows.starts[row])
        let end = Self.boundary(atOrBefore: position.offset, in: line)
        return (Row(line: position.line, row: row), Self.cells(in: line[start..<end]))
    }

    /// The row after `row`, or nil at the last.
    mutating func row(after row: Row) -> Row? {
        if row.row + 1 < rows(of: row.line).count { return Row(line: row.line, row: row.row + 1) }
        return row.line + 1 < lines.count ? Row(line: row.line + 1, row: 0) : nil
    }

    /// The row before `row`, or nil at the first.
    mutating func row(before row: Row) -> Row? {
        if row.row > 0 { return Row(line: row.line, row: row.row - 1) }
        guard row.line > 0 else { return nil }
        return Row(line: row.line - 1, row: rows(of: row.line - 1).count - 1)
    }

    /// `row`'s text, from its first byte to its last (to where the next row starts).
    mutating func text(of row: Row) -> Substring {
        let rows = rows(of: row.line)
        let line = lines[row.line]
        let start = line.utf8.index(line.startIndex, offsetBy: rows.starts[row.row])
        let end =
            row.row + 1 < rows.count
            ? line.utf8.index(line.startIndex, offsetBy: rows.starts[row.row + 1]) : line.endIndex
        return line[start..<end]
    }

    /// The position in `row` nearest to column `x`: on the character that covers `x`
    /// (before it), or at the row's end. A row that is not its line's last ends before
    /// its last character, whose end is the next row's start.
    mutating func position(in row: Row, x: Int) -> TextPosition {
        let rows = rows(of: row.line)
        let line = lines[row.line]
        var index = line.utf8.index(line.startIndex, offsetBy: rows.starts[row.row])
        let isLast = row.row + 1 == rows.count
        let end = isLast ? line.endIndex : line.utf8.index(line.startIndex, offsetBy: rows.starts[row.row + 1])
        var used = 0
        while index < end {
            let (next, cells) = Self.step(after: index, in: line)
            if used + cells > x || (!isLast && next == end) { break }
            used += cells
            index = next
        }
        return TextPosition(line: row.line, offset: line.utf8.distance(from: line.startIndex, to: index))
    }

    // MARK: Edits

    /// An edit at the cursor.
    enum Edit: Sendable, Equatable {
        /// Insert text (typed or pasted; line breaks make lines).
        case insert(String)
        /// Delete the character before the cursor, or join the line to the one before.
        case deleteBackward
        /// Delete the character at the cursor, or join the next line to this one.
        case deleteForward
        /// Delete from the start of the line to the cursor.
        case deleteToLineStart
        /// Delete from the cursor to the end of the line, or the line break there.
        case deleteToLineEnd
    }

    /// Applies `edit`; returns whether the text changed.
    mutating func apply(_ edit: Edit) -> Bool {
        let line = lines[cursor.line]
        let position = Self.boundary(atOrBefore: cursor.offset, in: line)
        switch edit {
        case .insert(let text):
            guard !text.isEmpty else { return false }
            let pieces = Self.split(text)
            let before = line[..<position]
            let after = line[position...]
            var replacement = pieces
            replacement[0] = String(before) + pieces[0]
            let last = replacement.count - 1
            let lastOffset = replacement[last].utf8.count
            replacement[last] += after
            replaceLines(cursor.line...cursor.line, with: replacement)
            let newLine = lines[cursor.line + last]
            let inserted = newLine.utf8.index(newLine.startIndex, offsetBy: lastOffset)
            cursor = TextPosition(
                line: cursor.line + last,
                offset: newLine.utf8.distance(
                    from: newLine.startIndex, to: Self.boundary(atOrAfter: inserted, in: newLine)))
        case .deleteBackward:
            if position > line.startIndex {
                let start = line.index(before: position)
                replaceLines(cursor.line...cursor.line, with: [String(line[..<start]) + line[position...]])
                cursor.offset = line.utf8.distance(from: line.startIndex, to: start)
            } else {
                guard cursor.line > 0 else { return false }
                let previous = lines[cursor.line - 1]
                replaceLines((cursor.line - 1)...cursor.line, with: [previous + line])
                cursor = TextPosition(line: cursor.line - 1, offset: previous.utf8.count)
            }
        case .deleteForward:
            if position < line.endIndex {
                replaceLines(
                    cursor.line...cursor.line, with: [String(line[..<position]) + line[line.index(after: position)...]])
            } else {
                guard cursor.line + 1 < lines.count else { return false }
                replaceLines(cursor.line...(cursor.line + 1), with: [line + lines[cursor.line + 1]])
            }
            cursor.offset = line.utf8.distance(from: line.startIndex, to: position)
        case .deleteToLineStart:
            guard position > line.startIndex else { return false }
            replaceLines(cursor.line...cursor.line, with: [String(line[position...])])
            cursor.offset = 0
        case .deleteToLineEnd:
            guard position < line.endIndex else { return apply(.deleteForward) }
            replaceLines(cursor.line...cursor.line, with: [String(line[..<position])])
            cursor.offset = line.utf8.distance(from: line.startIndex, to: position)
        }
        return true
    }

    /// The place after `characters` characters of the text (a line break counts as one),
    /// clamped to its end.
    func position(ofCharacter characters: Int) -> TextPosition {
        var left = max(0, characters)
        for (index, line) in lines.enumerated() {
            let count = line.count
            if left <= count {
                let offset = line.index(line.startIndex, offsetBy: left)
                return TextPosition(line: index, offset: line.utf8.distance(from: line.startIndex, to: offset))
            }
            left -= count + 1
        }
        let last = lines.count - 1
        return TextPosition(line: last, offset: lines[last].utf8.count)
    }

    /// The text between two places (a line break between lines as `\n`).
    func text(from start: TextPosition, to end: TextPosition) -> String {
        let first = lines[start.line]
        let from = Self.boundary(atOrBefore: start.offset, in: first)
        if start.line == end.line {
            return String(first[from..<Self.boundary(atOrBefore: end.offset, in: first)])
        }
        var pieces = [String(first[from...])]
        if end.line - start.line > 1 { pieces += lines[(start.line + 1)..<end.line] }
        let last = lines[end.line]
        pieces.append(String(last[..<Self.boundary(atOrBefore: end.offset, in: last)]))
        return pieces.joined(separator: "\n")
    }

    /// Deletes what lies between two places; the cursor goes to the first.
    mutating func delete(from start: TextPosition, to end: TextPosition) {
        let first = lines[start.line]
        let last = lines[end.line]
        let kept =
            String(first[..<Self.boundary(atOrBefore: start.offset, in: first)])
            + last[Self.boundary(atOrBefore: end.offset, in: last)...]
        replaceLines(start.line...end.line, with: [kept])
        cursor = clamped(start)
    }

    /// Replaces the whole text; the cursor keeps its line and offset where they still exist.
    mutating func replaceText(with text: String) {
        lines = Self.split(text)
        wrapping = Array(repeating: nil, count: lines.count)
        cursor = clamped(cursor)
    }

    /// `position` moved into the text: onto an existing line, onto a character boundary.
    func clamped(_ position: TextPosition) -> TextPosition {
        let lineIndex = min(max(0, position.line), lines.count - 1)
        let line = lines[lineIndex]
        let offset = line.utf8.distance(
            from: line.startIndex, to: Self.boundary(atOrBefore: max(0, position.offset), in: line))
        return TextPosition(line: lineIndex, offset: offset)
    }

    private mutating func replaceLines(_ range: ClosedRange<Int>, with replacement: [String]) {
        lines.replaceSubrange(range, with: replacement)
        wrapping.replaceSubrange(range, with: repeatElement(nil, count: replacement.count))
    }

    // MARK: Moving along the text

    /// The position one character before `position` (the end of the previous line at a
    /// line's start), or nil at the very start.
    func position(before position: TextPosition) -> TextPosition? {
        let line = lines[position.line]
        let index = Self.boundary(atOrBefore: position.offset, in: line)
        if index > line.startIndex {
            return TextPosition(
                line: position.line, offset: line.utf8.distance(from: line.startIndex, to: line.index(before: index)))
        }
        guard position.line > 0 else { return nil }
        return TextPosition(line: position.line - 1, offset: lines[position.line - 1].utf8.count)
    }

    /// The position one character after `position` (the start of the next line at a
    /// line's end), or nil at the very end.
    func position(after position: TextPosition) -> TextPosition? {
        let line = lines[position.line]
        let index = Self.boundary(atOrBefore: position.offset, in: line)
        if index < line.endIndex {
            return TextPosition(
                line: position.line, offset: line.utf8.distance(from: line.startIndex, to: line.index(after: index)))
        }
        guard position.line + 1 < lines.count else { return nil }
        return TextPosition(line: position.line + 1, offset: 0)
    }

    /// The end of the text.
    var end: TextPosition { TextPosition(line: lines.count - 1, offset: lines[lines.count - 1].utf8.count) }

    // MARK: Helpers

    /// The boundary at or before `offset` bytes into `line`.
    static func boundary(atOrBefore offset: Int, in line: String) -> String.Index {
        InputEditor.boundary(atOrBefore: offset, in: line)
    }

    /// The boundary at `index` or the next one after it.
    static func boundary(atOrAfter index: String.Index, in line: String) -> String.Index {
        InputEditor.boundary(atOrAfter: index, in: line)
    }

    /// The cells `text` takes.
    static func cells(in text: Substring) -> Int {
        let line = String(text)
        var used = 0
        var index = line.startIndex
        while index < line.endIndex {
            let (next, cells) = step(after: index, in: line)
            used += cells
            index = next
        }
        return used
    }
}
