/// The edits of a text field that can be undone and redone, grouped as editors group
/// them: a run of typed characters is one step until a space, a move or another kind of
/// edit ends it; a run of deletions likewise; a paste, a cut or a replaced selection is
/// a step of its own. Bounded: the oldest steps go first past ``limit`` steps or
/// ``byteLimit`` bytes of kept values.
struct EditHistory<Cursor: Sendable & Equatable>: Sendable, Equatable {
    /// What kind of edit a step was, for grouping.
    enum Kind: Sendable, Equatable {
        case typing, deleting, replacement

        /// An insertion of `text`: typing for one character that is not a space or a line
        /// break, else a step of its own (a paste, a word's end).
        init(inserting text: String) {
            self = text.count == 1 && !text.contains(" ") && !text.contains("\n") ? .typing : .replacement
        }
    }

    /// A value to go back to, and the cursor there.
    struct Step: Sendable, Equatable {
        var value: String
        var cursor: Cursor
    }

    /// The most steps kept.
    static var limit: Int { 200 }
    /// The most bytes of values kept.
    static var byteLimit: Int { 4 << 20 }

    private var undoSteps: [Step] = []
    private var redoSteps: [Step] = []
    /// The kind of the group the next edit may join, if one is open.
    private var openKind: Kind?

    /// Notes that an edit of `kind` turns `value` (with the cursor at `cursor`) into
    /// something else: a new step, unless it continues the open group. A replacement
    /// is a step of its own, which the typing after it joins when it was a character
    /// typed over a selection (`opening` `.typing`): one undo brings the selection back.
    mutating func record(_ value: String, cursor: Cursor, kind: Kind, opening: Kind? = nil) {
        redoSteps = []
        if let openKind, openKind == kind, kind != .replacement { return }
        undoSteps.append(Step(value: value, cursor: cursor))
        openKind = opening ?? (kind == .replacement ? nil : kind)
        trim()
    }

    /// Ends the open group: the next edit starts a step of its own (after a move).
    mutating func breakGroup() {
        openKind = nil
    }

    /// The value before the last step, keeping `value` to redo; nil when there is none.
    mutating func undo(from value: String, cursor: Cursor) -> (String, Cursor)? {
        guard let step = undoSteps.popLast() else { return nil }
        redoSteps.append(Step(value: value, cursor: cursor))
        openKind = nil
        return (step.value, step.cursor)
    }

    /// The value the last undo left, keeping `value` to undo again; nil when there is none.
    mutating func redo(from value: String, cursor: Cursor) -> (String, Cursor)? {
        guard let step = redoSteps.popLast() else { return nil }
        undoSteps.append(Step(value: value, cursor: cursor))
        openKind = nil
        return (step.value, step.cursor)
    }

    private mutating func trim() {
        if undoSteps.count > Self.limit { undoSteps.removeFirst(undoSteps.count - Self.limit) }
        var bytes = undoSteps.reduce(0) { $0 + $1.value.utf8.count }
        while bytes > Self.byteLimit, undoSteps.count > 1 {
            bytes -= undoSteps.removeFirst().value.utf8.count
        }
    }
}
