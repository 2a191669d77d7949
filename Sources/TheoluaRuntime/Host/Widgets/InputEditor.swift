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
/// Positions count grapheme clusters (what the user sees as characters), so an emoji
/// or a letter with a combining accent moves and deletes as one.
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
    }

    /// An edit asked for and not answered yet.
    struct Request: Sendable, Equatable {
        /// The value asked for.
        var value: String
        /// The cursor before the first unanswered edit.
        var cursorBefore: Int
    }

    /// The cursor, in grapheme clusters from the start of the working value.
    private(set) var cursor = 0
    /// The unanswered request, if any.
    private(set) var request: Request?

    /// The value edits start from: the last one asked for, or the one shown.
    func workingValue(shown: String) -> String { request?.value ?? shown }

    /// The cursor clamped to the value shown.
    func displayCursor(shown: String) -> Int { min(cursor, shown.count) }

    /// Applies `edit` and returns the new value to ask for, or nil when nothing changes.
    mutating func apply(_ edit: Edit, shown: String) -> String? {
        let value = workingValue(shown: shown)
        let characters = Array(value)
        let position = min(cursor, characters.count)
        let before = characters[..<position]
        let after = characters[position...]
        let newValue: String
        let newCursor: Int
        switch edit {
        case .insert(let text):
            guard !text.isEmpty else { return nil }
            // Recount: inserted combining marks join the character before them.
            let head = String(before) + text
            newValue = head + String(after)
            newCursor = head.count
        case .deleteBackward:
            guard position > 0 else { return nil }
            newValue = String(before.dropLast()) + String(after)
            newCursor = position - 1
        case .deleteForward:
            guard position < characters.count else { return nil }
            newValue = String(before) + String(after.dropFirst())
            newCursor = position
        case .deleteToStart:
            guard position > 0 else { return nil }
            newValue = String(after)
            newCursor = 0
        case .deleteToEnd:
            guard position < characters.count else { return nil }
            newValue = String(before)
            newCursor = position
        }
        guard newValue != value else { return nil }
        request = Request(value: newValue, cursorBefore: request?.cursorBefore ?? position)
        cursor = newCursor
        return newValue
    }

    /// Moves the cursor; returns whether it moved.
    mutating func move(_ movement: Movement, shown: String) -> Bool {
        let count = workingValue(shown: shown).count
        let old = min(cursor, count)
        switch movement {
        case .left: cursor = max(0, old - 1)
        case .right: cursor = min(count, old + 1)
        case .home: cursor = 0
        case .end: cursor = count
        }
        return cursor != old
    }

    /// The input was mounted showing `value`: the cursor starts after its last character.
    mutating func mounted(with value: String) {
        request = nil
        cursor = value.count
    }

    /// The parent rendered the input with a new `value`: the request is answered (the
    /// cursor stays where the edit put it, clamped if the parent changed the value).
    mutating func valueChanged(to value: String) {
        request = nil
        cursor = min(cursor, value.count)
    }

    /// The frame ends: an unanswered request was refused, so the cursor goes back to
    /// where it was before it. Returns whether anything changed.
    mutating func settle(shown: String) -> Bool {
        guard let request else { return false }
        self.request = nil
        cursor = min(request.cursorBefore, shown.count)
        return true
    }
}
