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
            let run = InputWindow.asciiRun(before: start, in: value, floor: previousStart, cells: limit - used)
            if run.width > 0 {
                (start, used) = (run.index, used + run.width)
                continue
            }
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
            // Characters are taken until one goes past the limit: one more than fit.
            let run = InputWindow.asciiRun(after: scan, in: value, cells: limit + 1 - used - tail)
            if run.width > 0 {
                (scan, tail) = (run.index, tail + run.width)
                continue
            }
            let (next, width) = InputWindow.step(after: scan, in: value)
            tail += width
            scan = next
        }
        if used + tail <= limit {
            let room = limit - used - tail
            var extra = 0
            while start > value.startIndex {
                let run = InputWindow.asciiRun(before: start, in: value, floor: value.startIndex, cells: room - extra)
                if run.width > 0 {
                    (start, extra) = (run.index, extra + run.width)
                    continue
                }
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
            let run = InputWindow.asciiRun(after: end, in: value, cells: limit - used)
            if run.width > 0 {
                (end, used) = (run.index, used + run.width)
                continue
            }
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

    /// Walks left from the boundary `index` over at most `cells` characters that
    /// ``step(before:in:)`` would take as printable ASCII, one cell each, and never past
    /// `floor`: the boundary reached and the cells walked (0 when the character before
    /// `index` is not such a one). One pass over the value's bytes, where a step at a
    /// time costs an index check each.
    static func asciiRun(before index: String.Index, in value: String, floor: String.Index, cells: Int)
        -> (index: String.Index, width: Int)
    {
        guard cells > 0 else { return (index, 0) }
        let end = InputEditor.offset(of: index, in: value)
        let low = InputEditor.offset(of: floor, in: value)
        let reached =
            value.utf8.withContiguousStorageIfAvailable { bytes -> Int in
                var at = end
                while at > low, end - at < cells, isPrintableASCII(bytes[at - 1]), at == 1 || bytes[at - 2] < 0x80 {
                    at -= 1
                }
                return at
            } ?? end
        return (value.utf8.index(value.utf8.startIndex, offsetBy: reached), end - reached)
    }

    /// Walks right from the boundary `index` over at most `cells` characters that
    /// ``step(after:in:)`` would take as printable ASCII: the boundary reached and the
    /// cells walked (0 when the character at `index` is not such a one).
    static func asciiRun(after index: String.Index, in value: String, cells: Int) -> (index: String.Index, width: Int) {
        guard cells > 0 else { return (index, 0) }
        let start = InputEditor.offset(of: index, in: value)
        let reached =
            value.utf8.withContiguousStorageIfAvailable { bytes -> Int in
                var at = start
                while at < bytes.count, at - start < cells, isPrintableASCII(bytes[at]),
                    at + 1 == bytes.count || bytes[at + 1] < 0x80
                {
                    at += 1
                }
                return at
            } ?? start
        return (value.utf8.index(value.utf8.startIndex, offsetBy: reached), reached - start)
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
