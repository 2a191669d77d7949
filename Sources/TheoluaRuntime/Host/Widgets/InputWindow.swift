import TheoluaCanvas

/// The part of an input's value that fits its width: the characters before the cursor,
/// the cursor cell, and the characters after it.
///
/// The window scrolls horizontally only as far as needed to keep the cursor in view, and
/// scrolls back when there is room, so the field shows as much of the value as it can.
/// One cell is kept for the cursor after the last character. Wide characters take two
/// cells and are never split.
struct InputWindow: Sendable, Equatable {
    /// The first character shown.
    var offset: Int
    /// The characters before the cursor.
    var before: String
    /// The character under the cursor, or a space after the last one.
    var cursor: String
    /// The characters after the cursor that fit.
    var after: String

    /// The window onto `characters` with the cursor at `cursor`, `width` cells wide,
    /// starting from the previous `offset`.
    init(characters: [Character], cursor rawCursor: Int, offset previous: Int, width: Int) {
        let count = characters.count
        let cursor = min(max(0, rawCursor), count)
        let widths = characters.map { UnicodeWidth.of($0) }
        let cursorWidth = cursor < count ? max(1, widths[cursor]) : 1
        var offset = min(max(0, previous), cursor)
        var used = widths[offset..<cursor].reduce(0, +) + cursorWidth
        // Scroll right until the cursor fits.
        while offset < cursor, used > width {
            used -= widths[offset]
            offset += 1
        }
        // Scroll back left while the characters before the window fit too.
        var rest = used + (cursor + 1 < count ? widths[(cursor + 1)...].reduce(0, +) : 0)
        while offset > 0, rest + widths[offset - 1] <= width {
            offset -= 1
            rest += widths[offset]
            used += widths[offset]
        }
        var end = min(cursor + 1, count)
        while end < count, used + widths[end] <= width {
            used += widths[end]
            end += 1
        }
        self.offset = offset
        before = String(characters[offset..<cursor])
        self.cursor = cursor < count ? String(characters[cursor]) : " "
        after = cursor + 1 <= end ? String(characters[min(cursor + 1, end)..<end]) : ""
    }
}
