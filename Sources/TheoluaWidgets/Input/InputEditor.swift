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
        /// To the start of the word before (ctrl+left).
        case wordLeft
        /// To the end of the word after (ctrl+right).
        case wordRight
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
    /// Where a selection started (shift with a movement), in UTF-8 bytes; the selection
    /// is what lies between it and the cursor.
    private(set) var anchor: Int?
    /// The edits that can be undone and redone, as the values (and cursors) before them.
    private var history = EditHistory<Int>()

    /// The value edits start from: the last one asked for, or the one shown.
    func workingValue(shown: String) -> String { request?.value ?? shown }

    /// The cursor as an index into the value shown, on a character boundary.
    func displayCursor(shown: String) -> String.Index {
        InputEditor.boundary(atOrBefore: cursor, in: shown)
    }

    /// The selection, in UTF-8 bytes of the working value, when it is not empty.
    func selection(shown: String) -> Range<Int>? {
        guard let anchor else { return nil }
        let value = workingValue(shown: shown)
        let a = InputEditor.offset(of: InputEditor.boundary(atOrBefore: anchor, in: value), in: value)
        let b = InputEditor.offset(of: InputEditor.boundary(atOrBefore: cursor, in: value), in: value)
        return a == b ? nil : min(a, b)..<max(a, b)
    }

    /// Applies `edit` and returns the new value to ask for, or nil when nothing changes.
    /// With a selection, an insertion replaces it and a deletion deletes it.
    mutating func apply(_ edit: Edit, shown: String) -> String? {
        let value = workingValue(shown: shown)
        if let selected = selection(shown: shown) {
            switch edit {
            case .insert, .deleteBackward, .deleteForward:
                let start = InputEditor.boundary(atOrBefore: selected.lowerBound, in: value)
                let end = InputEditor.boundary(atOrBefore: selected.upperBound, in: value)
                var text = ""
                if case .insert(let inserted) = edit { text = inserted }
                let newValue = String(value[..<start]) + text + String(value[end...])
                anchor = nil
                return commit(
                    newValue, cursor: selected.lowerBound + text.utf8.count, from: value,
                    kind: .replacement, opening: Self.kind(of: edit) == .typing ? .typing : nil, cursorBefore: cursor)
            default:
                anchor = nil
            }
        }
        anchor = nil
        let position = InputEditor.boundary(atOrBefore: cursor, in: value)
        let newValue: String
        let newCursor: Int
        switch edit {
        case .insert(let text):
            guard !text.isEmpty else { return nil }
            newValue = Self.joined(value[..<position], text, value[position...])
            // An inserted combining mark joins the character before it: the cursor
            // goes after the cluster the inserted text ends in.
            let inserted = newValue.utf8.index(
                newValue.startIndex,
                offsetBy: value.utf8.distance(from: value.startIndex, to: position) + text.utf8.count)
            newCursor = InputEditor.offset(of: InputEditor.boundary(atOrAfter: inserted, in: newValue), in: newValue)
        case .deleteBackward:
            guard position > value.startIndex else { return nil }
            let start = value.index(before: position)
            newValue = Self.joined(value[..<start], "", value[position...])
            newCursor = InputEditor.offset(of: start, in: value)
        case .deleteForward:
            guard position < value.endIndex else { return nil }
            newValue = Self.joined(value[..<position], "", value[value.index(after: position)...])
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
        return commit(
            newValue, cursor: newCursor, from: value, kind: Self.kind(of: edit),
            cursorBefore: InputEditor.offset(of: position, in: value))
    }

    /// `head`, `middle` and `tail` as one string, made once at its full size rather than
    /// through copies of each part.
    static func joined(_ head: Substring, _ middle: String, _ tail: Substring) -> String {
        var result = ""
        result.reserveCapacity(head.utf8.count + middle.utf8.count + tail.utf8.count)
        result += head
        result += middle
        result += tail
        return result
    }

    /// Asks for `newValue` with the cursor at `newCursor`, remembering `value` (before
    /// the edit) to undo to; nil when nothing changes.
    private mutating func commit(
        _ newValue: String, cursor newCursor: Int, from value: String, kind: EditHistory<Int>.Kind,
        opening: EditHistory<Int>.Kind? = nil, cursorBefore: Int
    ) -> String? {
        guard newValue.utf8.count != value.utf8.count || newValue != value else { return nil }
        history.record(value, cursor: cursorBefore, kind: kind, opening: opening)
        request = Request(value: newValue, cursorBefore: request?.cursorBefore ?? cursorBefore)
        cursor = newCursor
        return newValue
    }

    /// How `edit` groups with the edits around it.
    static func kind(of edit: Edit) -> EditHistory<Int>.Kind {
        switch edit {
        case .insert(let text): .init(inserting: text)
        case .deleteBackward, .deleteForward: .deleting
        case .deleteToStart, .deleteToEnd, .replaceAll: .replacement
        }
    }

    /// Goes back to the value before the last group of edits (`ctrl+z`), or forward
    /// again (`ctrl+y`): the value to ask for, or nil when there is nothing to go to.
    mutating func travel(back: Bool, shown: String) -> String? {
        let value = workingValue(shown: shown)
        guard let (target, targetCursor) = back ? history.undo(from: value, cursor: cursor)
            : history.redo(from: value, cursor: cursor)
        else { return nil }
        anchor = nil
        request = Request(value: target, cursorBefore: request?.cursorBefore ?? cursor)
        cursor = targetCursor
        return target
    }

    /// Moves the cursor, extending the selection when `selecting` (shift) and ending it
    /// otherwise; returns whether anything changed.
    mutating func move(_ movement: Movement, shown: String, selecting: Bool = false) -> Bool {
        let value = workingValue(shown: shown)
        let old = InputEditor.boundary(atOrBefore: cursor, in: value)
        let hadSelection = selection(shown: shown) != nil
        if selecting {
            if anchor == nil { anchor = cursor }
        } else if let selected = selection(shown: shown), movement == .left || movement == .right {
            // An arrow without shift leaves a selection at its side, as editors do.
            anchor = nil
            cursor = movement == .left ? selected.lowerBound : selected.upperBound
            return true
        } else {
            anchor = nil
        }
        history.breakGroup()
        let new: String.Index
        switch movement {
        case .left: new = old > value.startIndex ? value.index(before: old) : old
        case .right: new = old < value.endIndex ? value.index(after: old) : old
        case .wordLeft: new = InputEditor.wordStart(before: old, in: value)
        case .wordRight: new = InputEditor.wordEnd(after: old, in: value)
        case .home: new = value.startIndex
        case .end: new = value.endIndex
        case .to(let offset): new = InputEditor.boundary(atOrBefore: offset, in: value)
        }
        cursor = InputEditor.offset(of: new, in: value)
        return new != old || hadSelection != (selection(shown: shown) != nil)
    }

    /// Selects the whole value, the cursor at its end.
    mutating func selectAll(shown: String) -> Bool {
        let value = workingValue(shown: shown)
        guard !value.isEmpty else { return false }
        anchor = 0
        cursor = value.utf8.count
        return true
    }

    /// Selects the run of `value` around `offset` (a word, or the spaces between two), as
    /// a double click does, the cursor at its end; returns whether anything changed.
    mutating func selectWord(at offset: Int, shown: String) -> Bool {
        let value = workingValue(shown: shown)
        let range = InputEditor.word(at: InputEditor.boundary(atOrBefore: offset, in: value), in: value)
        history.breakGroup()
        anchor = InputEditor.offset(of: range.lowerBound, in: value)
        cursor = InputEditor.offset(of: range.upperBound, in: value)
        return true
    }

    /// The run of characters around the one at `index` (the one before it, at the
    /// end) that are all spaces or all not: the word a double click selects.
    static func word(at index: String.Index, in value: String) -> Range<String.Index> {
        guard !value.isEmpty else { return value.startIndex..<value.startIndex }
        let character = index < value.endIndex ? index : value.index(before: index)
        let space = value[character].isWhitespace
        var start = character
        while start > value.startIndex, value[value.index(before: start)].isWhitespace == space {
            start = value.index(before: start)
        }
        var end = value.index(after: character)
        while end < value.endIndex, value[end].isWhitespace == space { end = value.index(after: end) }
        return start..<end
    }

    /// The start of the word at or before `index`: past the spaces before it, then past
    /// the word's characters.
    static func wordStart(before index: String.Index, in value: String) -> String.Index {
        var position = index
        while position > value.startIndex, value[value.index(before: position)].isWhitespace {
            position = value.index(before: position)
        }
        while position > value.startIndex, !value[value.index(before: position)].isWhitespace {
            position = value.index(before: position)
        }
        return position
    }

    /// The end of the word at or after `index`: past the spaces, then past the word.
    static func wordEnd(after index: String.Index, in value: String) -> String.Index {
        var position = index
        while position < value.endIndex, value[position].isWhitespace { position = value.index(after: position) }
        while position < value.endIndex, !value[position].isWhitespace { position = value.index(after: position) }
        return position
    }

    /// The input was mounted showing `value`: the cursor starts after its last character,
    /// or after `characters` of them (the `cursor` prop).
    mutating func mounted(with value: String, cursorAt characters: Int? = nil) {
        request = nil
        anchor = nil
        cursor = Self.offset(ofCharacter: characters, in: value)
    }

    /// The UTF-8 offset after `characters` characters of `value` (clamped), or its end.
    static func offset(ofCharacter characters: Int?, in value: String) -> Int {
        guard let characters else { return value.utf8.count }
        let index = value.index(value.startIndex, offsetBy: max(0, characters), limitedBy: value.endIndex) ?? value.endIndex
        return offset(of: index, in: value)
    }

    /// The parent rendered the input with a new `value`: the request is answered (the
    /// cursor stays where the edit put it). A value the parent set by itself (not one
    /// this input asked for) starts as a mounted one does, its cursor at `characters` or
    /// at its end (as a browser's field does when a script sets its value), and cannot
    /// be undone into: the history starts over.
    mutating func valueChanged(to value: String, cursorAt characters: Int? = nil) {
        let own = request?.value == value
        if !own { history = EditHistory<Int>() }
        request = nil
        anchor = nil
        if !own {
            cursor = Self.offset(ofCharacter: characters, in: value)
        } else {
            cursor = InputEditor.offset(of: InputEditor.boundary(atOrBefore: cursor, in: value), in: value)
        }
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
