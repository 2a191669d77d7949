/// The editing state an input keeps between renders: where the cursor is, and an edit
/// sent with `onChange` that the parent has not answered yet.
///
/// An input is controlled: it always shows `props.value`, and an edit only asks the
/// parent (through `onChange`) for a new value. Several keys can arrive before the parent
/// re-renders, so each edit starts from the last value asked for, not from the value
/// shown; otherwise typing "ab" quickly would lose the "a". The request is settled when
/// the parent answers with a new value, or at the end of the frame if it never does (it
/// kept the old value: the cursor goes back to where it was).
///
/// The cursor is a position in the value's UTF-8 bytes, always between two grapheme
/// clusters (what the user sees as characters), so an emoji or a letter with a
/// combining accent moves and deletes as one. An edit looks only at the characters next
/// to the cursor: typing into a long value costs what changed, not the value's length
/// in characters (copying the bytes of the new value is the only whole-value work).
struct InputEditor: Sendable, Equatable {
    /// An edit of the value at the cursor.
    enum Edit: Sendable, Equatable {
        /// Insert text at the cursor (typed or pasted).
        case insert(String)
        /// Delete the character before the cursor (backspace).
        case deleteBackward
        /// Delete the character at the cursor (delete).
        case deleteForward
        /// Delete everything before the cursor (ctrl+u).
        case deleteToStart
        /// Delete everything from the cursor on (ctrl+k).
        case deleteToEnd
        /// Replace the whole value, the cursor at its end (a suggestion taken).
        case replaceAll(String)
    }

    /// A cursor movement.
    enum Movement: Sendable, Equatable {
        /// One character left.
        case left
        /// One character right.
        case right
        /// To the start.
        case home
        /// To the end.
        case end
        /// To the character boundary at or before this many UTF-8 bytes into the value.
        case to(Int)
    }

    /// An edit asked for and not answered yet.
    struct Request: Sendable, Equatable {
        /// The value asked for.
        var value: String
        /// The cursor before the first unanswered edit, in UTF-8 bytes.
        var cursorBefore: Int
    }

    /// The cursor, in UTF-8 bytes from the start of the working value.
    private(set) var cursor = 0
    /// The unanswered request, if any.
    private(set) var request: Request?

    /// The value edits start from: the last one asked for, or the one shown.
    func workingValue(shown: String) -> String { request?.value ?? shown }

    /// The cursor as an index into the value shown, on a character boundary.
    func displayCursor(shown: String) -> String.Index {
        InputEditor.boundary(atOrBefore: cursor, in: shown)
    }

    /// Applies `edit` and returns the new value to ask for, or nil when nothing changes.
    mutating func apply(_ edit: Edit, shown: String) -> String? {
        let value = workingValue(shown: shown)
        let position = InputEditor.boundary(atOrBefore: cursor, in: value)
        let newValue: String
        let newCursor: Int
        switch edit {
        case .insert(let text):
            guard !text.isEmpty else { return nil }
            newValue = String(value[..<position]) + text + String(value[position...])
            // An inserted combining mark joins the character before it: the cursor
            // goes after the cluster the inserted text ends in.
            let inserted = newValue.utf8.index(
                newValue.startIndex,
                offsetBy: value.utf8.distance(from: value.startIndex, to: position) + text.utf8.count)
            newCursor = InputEditor.offset(of: InputEditor.boundary(atOrAfter: inserted, in: newValue), in: newValue)
        case .deleteBackward:
            guard position > value.startIndex else { return nil }
            let start = value.index(before: position)
            newValue = String(value[..<start]) + String(value[position...])
            newCursor = InputEditor.offset(of: start, in: value)
        case .deleteForward:
            guard position < value.endIndex else { return nil }
            newValue = String(value[..<position]) + String(value[value.index(after: position)...])
            newCursor = InputEditor.offset(of: position, in: value)
        case .deleteToStart:
            guard position > value.startIndex else { return nil }
            newValue = String(value[position...])
            newCursor = 0
        case .deleteToEnd:
            guard position < value.endIndex else { return nil }
            newValue = String(value[..<position])
            newCursor = InputEditor.offset(of: position, in: value)
        case .replaceAll(let text):
            newValue = text
            newCursor = text.utf8.count
        }
        guard newValue != value else { return nil }
        request = Request(
            value: newValue, cursorBefore: request?.cursorBefore ?? InputEditor.offset(of: position, in: value))
        cursor = newCursor
        return newValue
    }

    /// Moves the cursor; returns whether it moved.
    mutating func move(_ movement: Movement, shown: String) -> Bool {
        let value = workingValue(shown: shown)
        let old = InputEditor.boundary(atOrBefore: cursor, in: value)
        let new: String.Index
        switch movement {
        case .left: new = old > value.startIndex ? value.index(before: old) : old
        case .right: new = old < value.endIndex ? value.index(after: old) : old
        case .home: new = value.startIndex
        case .end: new = value.endIndex
        case .to(let offset): new = InputEditor.boundary(atOrBefore: offset, in: value)
        }
        cursor = InputEditor.offset(of: new, in: value)
        return new != old
    }

    /// The input was mounted showing `value`: the cursor starts after its last character.
    mutating func mounted(with value: String) {
        request = nil
        cursor = value.utf8.count
    }

    /// The parent rendered the input with a new `value`: the request is answered (the
    /// cursor stays where the edit put it, clamped if the parent changed the value).
    mutating func valueChanged(to value: String) {
        request = nil
        cursor = InputEditor.offset(of: InputEditor.boundary(atOrBefore: cursor, in: value), in: value)
    }

    /// The frame ends: an unanswered request was refused, so the cursor goes back to
    /// where it was before it. Returns whether anything changed.
    mutating func settle(shown: String) -> Bool {
        guard let request else { return false }
        self.request = nil
        cursor = InputEditor.offset(of: InputEditor.boundary(atOrBefore: request.cursorBefore, in: shown), in: shown)
        return true
    }

    // MARK: Positions

    /// The UTF-8 offset of `index` in `value`.
    static func offset(of index: String.Index, in value: String) -> Int {
        value.utf8.distance(from: value.startIndex, to: index)
    }

    /// The character boundary at `offset` UTF-8 bytes into `value`, or the nearest one
    /// before it (the end for an offset past it). Looks only near the offset.
    static func boundary(atOrBefore offset: Int, in value: String) -> String.Index {
        let bytes = value.utf8
        guard offset > 0 else { return value.startIndex }
        guard offset < bytes.count else { return value.endIndex }
        let raw = bytes.index(bytes.startIndex, offsetBy: offset)
        if let exact = raw.samePosition(in: value) { return exact }
        // Inside a character: the character that contains it starts before it.
        return value.index(before: value.index(after: raw))
    }

    /// The character boundary at `index` (a UTF-8 position) or the next one after it.
    static func boundary(atOrAfter index: String.Index, in value: String) -> String.Index {
        if let exact = index.samePosition(in: value) { return exact }
        return value.index(after: boundary(atOrBefore: offset(of: index, in: value), in: value))
    }
}
