import TheoluaCanvas

/// The part of an input's value that fits its width: the characters before the cursor,
/// the cursor cell, and the characters after it.
///
/// The window scrolls horizontally only as far as needed to keep the cursor in view, and
/// scrolls back when there is room, so the field shows as much of the value as it can.
/// One cell is kept for the cursor after the last character. Wide characters take two
/// cells and are never split. Only the characters within `width` cells of the cursor
/// are looked at, so a long value costs what the field shows.
struct InputWindow: Sendable, Equatable {
    /// The first character shown, in UTF-8 bytes from the start of the value.
    var offset: Int
    /// The characters before the cursor.
    var before: String
    /// The character under the cursor, or a space after the last one.
    var cursor: String
    /// The characters after the cursor that fit.
    var after: String

    /// The window onto `value` with the cursor at `cursor` (a character boundary),
    /// `width` cells wide, starting from the previous `offset` (UTF-8 bytes) if the
    /// cursor is still in view from there.
    init(value: String, cursor: String.Index, offset previous: Int, width limit: Int) {
        let cursorEnd = cursor < value.endIndex ? InputWindow.step(after: cursor, in: value).index : cursor
        let cursorWidth = cursor < value.endIndex ? max(1, InputWindow.step(after: cursor, in: value).width) : 1
        let previousStart = InputEditor.boundary(atOrBefore: previous, in: value)
        // Start where the window started, or further right if the cursor is not in view
        // from there: walk left from the cursor while what is walked over fits.
        var start = cursor
        var used = cursorWidth
        while start > previousStart {
            let (before, width) = InputWindow.step(before: start, in: value)
            guard used + width <= limit else { break }
            used += width
            start = before
        }
        // When everything from the start to the end of the value fits with room to
        // spare, scroll back left into that room.
        var tail = 0
        var scan = cursorEnd
        while scan < value.endIndex, used + tail <= limit {
            let (next, width) = InputWindow.step(after: scan, in: value)
            tail += width
            scan = next
        }
        if used + tail <= limit {
            let room = limit - used - tail
            var extra = 0
            while start > value.startIndex {
                let (before, width) = InputWindow.step(before: start, in: value)
                guard extra + width <= room else { break }
                extra += width
                start = before
            }
            used += extra
        }
        // The characters after the cursor that fit.
        var end = cursorEnd
        while end < value.endIndex {
            let (next, width) = InputWindow.step(after: end, in: value)
            guard used + width <= limit else { break }
            used += width
            end = next
        }
        offset = InputEditor.offset(of: start, in: value)
        before = String(value[start..<cursor])
        self.cursor = cursor < value.endIndex ? String(value[cursor]) : " "
        after = String(value[cursorEnd..<end])
    }

    // MARK: Stepping by characters

    /// Whether `byte` is a printable ASCII character: one cell, and one character alone
    /// unless a non-ASCII mark follows it or a non-ASCII prepend precedes it.
    private static func isPrintableASCII(_ byte: UInt8) -> Bool { byte >= 0x20 && byte < 0x7F }

    /// The character before the boundary `index`, and its width: byte arithmetic in
    /// runs of printable ASCII (the usual case), grapheme breaking elsewhere.
    static func step(before index: String.Index, in value: String) -> (index: String.Index, width: Int) {
        let bytes = value.utf8
        let previous = bytes.index(before: index)
        if isPrintableASCII(bytes[previous])
            && (previous == bytes.startIndex || bytes[bytes.index(before: previous)] < 0x80)
        {
            return (previous, 1)
        }
        let start = value.index(before: index)
        return (start, UnicodeWidth.of(value[start]))
    }

    /// The character at the boundary `index`, as the boundary after it and its width.
    static func step(after index: String.Index, in value: String) -> (index: String.Index, width: Int) {
        let bytes = value.utf8
        let next = bytes.index(after: index)
        if isPrintableASCII(bytes[index]) && (next == bytes.endIndex || bytes[next] < 0x80) {
            return (next, 1)
        }
        return (value.index(after: index), UnicodeWidth.of(value[index]))
    }
}
