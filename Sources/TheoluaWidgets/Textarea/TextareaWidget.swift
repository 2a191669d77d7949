import TheoluaCanvas
import TheoluaCore
import TheoluaTerminal

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// `ui.textarea`: a controlled multi-line text editor.
///
/// It shows `props.value` wrapped to its inner width (by word, or with `wrap = "char"`
/// anywhere), in a box that takes the sizing, `border`, `borderColor` and `bg` props.
/// Without a `height`, `grow` or `basis` it is `rows` lines tall (default 3). Only the
/// rows in view are drawn: each is a row of three texts (before the cursor, the cursor
/// cell, after it), so a value of 10,000 lines costs what the screen shows. The view
/// scrolls to keep the cursor in it.
///
/// The cursor starts at the start of the value. Keys: left and right move by
/// character across lines; up and down by row on screen, keeping the column they
/// started from; home and end to the start and end of the row on screen; ctrl+a and
/// ctrl+e to the start and end of the line; ctrl+home and ctrl+end to the start and end
/// of the text; pageup and pagedown by a screenful. Typed text, enter and pastes insert
/// (a paste keeps its line breaks and tabs); backspace and delete remove a character or
/// join two lines; ctrl+u and ctrl+k delete to the line's start and end. Each edit
/// calls `onChange(newValue)`; edits are asked for and settled as an input's are (see
/// ``InputEditor``). Tab, esc and other keys bubble. ctrl+left and ctrl+right (alt+b,
/// alt+f) move by word. The left button places the cursor, selects by dragging, a word
/// on a double click and a line on a triple click; the wheel scrolls the view by three
/// rows.
final class TextareaWidget: HostWidget, FittingWidget {
    /// The editor's box: a column of the rows in view.
    let node: CanvasNode
    /// None: a textarea has no children.
    var container: CanvasNode? { nil }

    /// The canvas nodes of one row on screen.
    private struct RowNodes {
        let box: CanvasNode
        /// The line's number, on its first row, with `lineNumbers`.
        let gutter: CanvasNode
        let before: CanvasNode
        let cursor: CanvasNode
        let after: CanvasNode
    }

    private var rowNodes: [RowNodes] = []
    private var baseStyle = BoxStyle()
    private var textStyle = TextStyle(wrap: .none)
    private var insets = 0
    /// The column the scrollbar takes (`scrollbar = true`), or none.
    private var barColumns = 0
    /// A press on the scrollbar and its drags, which move the view.
    private var barDrag = ScrollbarDrag()
    private var defaultRows = 3
    private var wordWrap = true
    private var placeholder = ""
    private var isFocused = false
    /// The value last rendered by the parent.
    private var value = ""
    /// The working text: the value, with the edits asked for and not answered yet.
    private var document = TextareaDocument("")
    /// The text last asked for with `onChange`, and the cursor before the first edit
    /// not answered yet.
    private var request: (value: String, cursorBefore: TextPosition)?
    /// Where a selection started (shift with a movement); the selection is what lies
    /// between it and the cursor.
    private var anchor: TextPosition?
    /// The clipboard, as the host connects it.
    var copyText: (String) -> Void = { _ in }
    var copiedText: () -> String? = { nil }
    /// The edits that can be undone and redone (ctrl+z, ctrl+y).
    private var history = EditHistory<TextPosition>()
    /// The first row in view.
    private var top = TextareaDocument.Row(line: 0, row: 0)
    /// The column up and down aim for, kept while they repeat.
    private var goalX: Int?
    /// The inner size the rows were last fitted to; nil when they must be fitted again.
    private var fitted: Size?
    /// Whether each line's number is drawn before it, and the cells that takes.
    private var lineNumbers = false
    private var gutterWidth = 0
    /// The function that styles a line (`highlight`), the looks it gave the lines last
    /// shown (only those: it is asked again for a line whose text or number changed),
    /// and how it calls handlers, as the host connects it.
    private var highlighter: Handler?
    private var highlighted: [Int: (text: String, looks: [LineLook])] = [:]
    var call: HandlerDispatch = { _, _ in .unhandled }
    /// `onCursor`, and the place it was last told.
    private var onCursor: Handler?
    private var toldCursor: TextPosition?

    /// An editor drawn on `node` (a deferred box node made before), or on a new box.
    init(node: CanvasNode? = nil) {
        self.node = node ?? CanvasNode(box: BoxStyle())
        document.setWrapping(width: InputWidget.widestShown, words: true)
        setRowCount(defaultRows)
    }

    func apply(_ props: Record, old: Record?) {
        if !PropsMapping.onlyChanged("value", from: old, to: props) { applyStyles(props) }
        highlighter = props["highlight"]?.handlerValue
        onCursor = props["onCursor"]?.handlerValue
        let newValue = props["value"]?.stringValue ?? ""
        let startCursor = props["cursor"]?.intValue
        if old == nil {
            value = newValue
            document.replaceText(with: newValue)
            if let startCursor { document.cursor = document.position(ofCharacter: startCursor) }
        } else if !Self.sameBytes(newValue, value) {
            value = newValue
            if let request, Self.sameBytes(newValue, request.value) {
                self.request = nil
            } else {
                // A value the parent set by itself: there is nothing to undo into.
                request = nil
                goalX = nil
                history = EditHistory<TextPosition>()
                document.replaceText(with: newValue)
                if let startCursor { document.cursor = document.position(ofCharacter: startCursor) }
                keepCursorInView()
            }
        }
        show()
    }

    func handlersChanged(_ props: Record) {
        onCursor = props["onCursor"]?.handlerValue
    }

    private func applyStyles(_ props: Record) {
        var style = BoxStyle(direction: .column)
        PropsMapping.applySizing(props, to: &style)
        style.border = props["border"]?.stringValue.flatMap(BorderKind.init(parsing:))
        style.borderColor = PropsMapping.color(props["borderColor"])
        style.background = PropsMapping.color(props["bg"])
        style.scrollbar = PropsMapping.flag(props["scrollbar"])
        insets = style.border == nil ? 0 : 2
        barColumns = style.scrollbar ? 1 : 0
        defaultRows = props["rows"]?.intValue ?? 3
        if style.height == nil, style.grow == 0, style.basis == nil {
            style.height = .cells(defaultRows + insets)
        }
        // The rows' content never holds the editor open: it gives way to what is around it.
        if style.minHeight == nil { style.minHeight = .cells(insets + 1) }
        if style.minWidth == nil { style.minWidth = .cells(insets + 1) }
        baseStyle = style
        node.boxStyle = isFocused ? FocusLook.focused(style) : style
        textStyle = TextStyle(
            color: PropsMapping.color(props["color"]), attributes: PropsMapping.attributes(props), wrap: .none)
        placeholder = props["placeholder"]?.stringValue ?? ""
        lineNumbers = props["lineNumbers"]?.boolValue ?? false
        if props["highlight"]?.handlerValue == nil { highlighted = [:] }
        let words = props["wrap"]?.stringValue != "char"
        if words != wordWrap {
            wordWrap = words
            document.setWrapping(width: document.width, words: words)
            clampTop()
        }
    }

    func setFocused(_ focused: Bool) {
        isFocused = focused
        node.boxStyle = focused ? FocusLook.focused(baseStyle) : baseStyle
        show()
    }

    // MARK: Keys, pastes and the mouse

    func handleKey(_ key: KeyEvent, props: Record, dispatch: HandlerDispatch) -> Bool {
        if let action = KeyBinding.action(for: key, in: Self.bindings) {
            // A move without shift ends the selection (edits use it first, then end it).
            if Self.moves.contains(action), anchor != nil {
                anchor = nil
                show()
            }
            return perform(action, props, dispatch)
        }
        // tab, backtab and esc are the app's (focus, closing); other characters type.
        guard key.isPlain, ![.tab, .backtab, .esc].contains(key.specialKey), let text = key.text, !text.isEmpty
        else { return false }
        return edit(.insert(text), props, dispatch)
    }

    /// The actions that only move the cursor.
    static let moves: Set<String> = [
        "left", "right", "up", "down", "pageUp", "pageDown", "rowStart", "rowEnd", "lineStart", "lineEnd",
        "wordLeft", "wordRight", "textStart", "textEnd",
    ]

    /// The keys a textarea answers (a character key types itself).
    static let bindings: [KeyBinding] = [
        KeyBinding(["left"], action: "left", label: "move left", shown: false),
        KeyBinding(["right"], action: "right", label: "move right", shown: false),
        KeyBinding(["up"], action: "up", label: "move up a row", shown: false),
        KeyBinding(["down"], action: "down", label: "move down a row", shown: false),
        KeyBinding(["pageup"], action: "pageUp", label: "move up a screen", shown: false),
        KeyBinding(["pagedown"], action: "pageDown", label: "move down a screen", shown: false),
        KeyBinding(["home"], action: "rowStart", label: "go to the row's start", shown: false),
        KeyBinding(["end"], action: "rowEnd", label: "go to the row's end", shown: false),
        KeyBinding(["ctrl+a"], action: "lineStart", label: "go to the line's start", shown: false),
        KeyBinding(["ctrl+e"], action: "lineEnd", label: "go to the line's end", shown: false),
        KeyBinding(["ctrl+left", "alt+b"], action: "wordLeft", label: "move a word left", shown: false),
        KeyBinding(["ctrl+right", "alt+f"], action: "wordRight", label: "move a word right", shown: false),
        KeyBinding(["ctrl+home"], action: "textStart", label: "go to the start", shown: false),
        KeyBinding(["ctrl+end"], action: "textEnd", label: "go to the end", shown: false),
        KeyBinding(["backspace"], action: "deleteBackward", label: "delete before", shown: false),
        KeyBinding(["delete"], action: "deleteForward", label: "delete after", shown: false),
        KeyBinding(["ctrl+u"], action: "deleteToLineStart", label: "delete to the line's start", shown: false),
        KeyBinding(["ctrl+k"], action: "deleteToLineEnd", label: "delete to the line's end", shown: false),
        KeyBinding(["enter"], action: "newLine", label: "new line", shown: false),
        KeyBinding(["shift+left"], action: "select:left", label: "select left", shown: false),
        KeyBinding(["shift+right"], action: "select:right", label: "select right", shown: false),
        KeyBinding(["shift+up"], action: "select:up", label: "select up a row", shown: false),
        KeyBinding(["shift+down"], action: "select:down", label: "select down a row", shown: false),
        KeyBinding(["shift+home"], action: "select:rowStart", label: "select to the row's start", shown: false),
        KeyBinding(["shift+end"], action: "select:rowEnd", label: "select to the row's end", shown: false),
        KeyBinding(["ctrl+shift+left"], action: "select:wordLeft", label: "select a word left", shown: false),
        KeyBinding(["ctrl+shift+right"], action: "select:wordRight", label: "select a word right", shown: false),
        KeyBinding(["ctrl+shift+home"], action: "select:textStart", label: "select to the start", shown: false),
        KeyBinding(["ctrl+shift+end"], action: "select:textEnd", label: "select to the end", shown: false),
    ] + EditingKeys.bindings

    /// The selection, first place to last, when it is not empty.
    private var selection: (start: TextPosition, end: TextPosition)? {
        guard let anchor else { return nil }
        let a = document.clamped(anchor)
        let b = document.cursor
        return a == b ? nil : (min(a, b), max(a, b))
    }

    /// Does `action`, one of ``bindings``' actions. `select:<move>` is the move with the
    /// selection extended; a move without shift ends it.
    private func perform(_ action: String, _ props: Record, _ dispatch: HandlerDispatch) -> Bool {
        if action.hasPrefix("select:") {
            if anchor == nil { anchor = document.cursor }
            let moved = perform(String(action.dropFirst(7)), props, dispatch)
            show()
            return moved
        }
        switch action {
        case "copy", "cut":
            guard let (start, end) = selection else { return false }
            copyText(document.text(from: start, to: end))
            return action == "cut" ? edit(.deleteBackward, props, dispatch) : true
        case "paste":
            guard let copied = copiedText(), !copied.isEmpty else { return false }
            return edit(.insert(TextareaDocument.normalized(copied)), props, dispatch)
        default: break
        }
        switch action {
        case "undo": return travel(back: true, props, dispatch)
        case "redo": return travel(back: false, props, dispatch)
        case "left": return move { $0.cursor = $0.position(before: $0.cursor) ?? $0.cursor }
        case "right": return move { $0.cursor = $0.position(after: $0.cursor) ?? $0.cursor }
        case "up": return moveVertically(by: -1)
        case "down": return moveVertically(by: 1)
        case "pageUp": return moveVertically(by: -max(1, rowNodes.count), scrolling: true)
        case "pageDown": return moveVertically(by: max(1, rowNodes.count), scrolling: true)
        case "rowStart":
            return move { document in
                document.cursor = document.position(in: document.place(of: document.cursor).row, x: 0)
            }
        case "rowEnd":
            return move { document in
                document.cursor = document.position(in: document.place(of: document.cursor).row, x: Int.max)
            }
        case "lineStart": return move { $0.cursor.offset = 0 }
        case "lineEnd": return move { $0.cursor.offset = $0.lines[$0.cursor.line].utf8.count }
        case "wordLeft": return move { $0.cursor = Self.word(before: $0.cursor, in: $0) }
        case "wordRight": return move { $0.cursor = Self.word(after: $0.cursor, in: $0) }
        case "textStart": return move { $0.cursor = TextPosition(line: 0, offset: 0) }
        case "textEnd": return move { $0.cursor = $0.end }
        case "deleteBackward": return edit(.deleteBackward, props, dispatch)
        case "deleteForward": return edit(.deleteForward, props, dispatch)
        case "deleteToLineStart": return edit(.deleteToLineStart, props, dispatch)
        case "deleteToLineEnd": return edit(.deleteToLineEnd, props, dispatch)
        case "newLine": return edit(.insert("\n"), props, dispatch)
        default: return false
        }
    }

    func handlePaste(_ text: String, props: Record, dispatch: HandlerDispatch) -> Bool {
        edit(.insert(TextareaDocument.normalized(text)), props, dispatch)
    }

    /// The left button: a press puts the cursor on the character pressed (or at the
    /// end of the row; with shift, extending the selection), a double press selects the
    /// word there, a triple press the line, and a drag selects from the press to the
    /// pointer, scrolling when it leaves the view.
    func handlePointer(_ pointer: PointerEvent, props: Record, dispatch: HandlerDispatch) -> Bool {
        guard request == nil else { return true }
        if barColumns > 0, let used = dragBar(pointer) { return used }
        let position = position(atX: pointer.x, y: pointer.y)
        switch pointer.phase {
        case .press where pointer.clicks == 2:
            let line = document.lines[position.line]
            let word = InputEditor.word(at: TextareaDocument.boundary(atOrBefore: position.offset, in: line), in: line)
            anchor = TextPosition(line: position.line, offset: line.utf8.distance(from: line.startIndex, to: word.lowerBound))
            return move { $0.cursor = TextPosition(line: position.line, offset: line.utf8.distance(from: line.startIndex, to: word.upperBound)) }
        case .press where pointer.clicks >= 3:
            // The line and its break, as editors select one.
            anchor = TextPosition(line: position.line, offset: 0)
            return move { document in
                document.cursor = position.line + 1 < document.lines.count
                    ? TextPosition(line: position.line + 1, offset: 0)
                    : TextPosition(line: position.line, offset: document.lines[position.line].utf8.count)
            }
        case .press:
            if !pointer.shift {
                anchor = nil
            } else if anchor == nil {
                anchor = document.cursor
            }
            return move { $0.cursor = position }
        case .drag:
            if anchor == nil { anchor = document.cursor }
            return move { $0.cursor = position }
        case .release:
            return true
        }
    }

    /// The place of the text drawn at (`x`, `y`) of the editor's own cells: the end of
    /// a row for a cell past it, the end of the text below the last row, and the row
    /// above the view or below it for a cell there (a drag past the edge scrolls).
    private func position(atX x: Int, y: Int) -> TextPosition {
        let inset = insets / 2
        let x = x - gutterWidth
        var row = top
        if y < inset {
            row = document.row(before: top) ?? top
        } else {
            for _ in 0..<(y - inset) {
                // Below the last row: the end of the text, as editors place it.
                guard let next = document.row(after: row) else { return document.end }
                row = next
            }
        }
        return document.position(in: row, x: max(0, x - inset))
    }

    /// The wheel scrolls the view by three rows; the cursor stays where it is.
    func handleWheel(_ direction: MouseEvent.Button, props: Record, dispatch: HandlerDispatch) -> Bool {
        guard direction == .up || direction == .down else { return false }
        for _ in 0..<3 {
            if direction == .up {
                guard let previous = document.row(before: top) else { break }
                top = previous
            } else {
                guard rowsInView(from: top) == rowNodes.count, let next = document.row(after: top),
                    rowsInView(from: next) == rowNodes.count
                else { break }
                top = next
            }
        }
        show()
        return true
    }

    /// The start of the word before `position`; a line break counts as a space, so from
    /// a line's start it is the last word of the line before.
    private static func word(before position: TextPosition, in document: TextareaDocument) -> TextPosition {
        var line = position.line
        var text = document.lines[line]
        var at = TextareaDocument.boundary(atOrBefore: position.offset, in: text)
        if text[..<at].allSatisfy(\.isWhitespace), line > 0 {
            line -= 1
            text = document.lines[line]
            at = text.endIndex
        }
        let start = InputEditor.wordStart(before: at, in: text)
        return TextPosition(line: line, offset: text.utf8.distance(from: text.startIndex, to: start))
    }

    /// The end of the word after `position`; from a line's end, the first word of the
    /// line after.
    private static func word(after position: TextPosition, in document: TextareaDocument) -> TextPosition {
        var line = position.line
        var text = document.lines[line]
        var at = TextareaDocument.boundary(atOrBefore: position.offset, in: text)
        if text[at...].allSatisfy(\.isWhitespace), line + 1 < document.lines.count {
            line += 1
            text = document.lines[line]
            at = text.startIndex
        }
        let end = InputEditor.wordEnd(after: at, in: text)
        return TextPosition(line: line, offset: text.utf8.distance(from: text.startIndex, to: end))
    }

    /// Moves the cursor with `change` and shows it.
    private func move(_ change: (inout TextareaDocument) -> Void) -> Bool {
        goalX = nil
        history.breakGroup()
        change(&document)
        keepCursorInView()
        show()
        return true
    }

    /// Moves the cursor `count` rows down (up when negative), keeping the column it
    /// started from; past the first or last row it goes to the start or end. With
    /// `scrolling` (the page keys), the view moves as far, so the cursor keeps its place
    /// on screen.
    private func moveVertically(by count: Int, scrolling: Bool = false) -> Bool {
        let (start, x) = document.place(of: document.cursor)
        let goal = goalX ?? x
        var row = start
        var moved = 0
        while moved < abs(count), let next = count < 0 ? document.row(before: row) : document.row(after: row) {
            row = next
            moved += 1
        }
        if moved < abs(count) && !scrolling || moved == 0 {
            document.cursor = count < 0 ? TextPosition(line: 0, offset: 0) : document.end
        } else {
            document.cursor = document.position(in: row, x: goal)
        }
        if scrolling {
            for _ in 0..<moved {
                guard let next = count < 0 ? document.row(before: top) : document.row(after: top) else { break }
                top = next
            }
        }
        keepCursorInView()
        goalX = goal
        show()
        return true
    }

    private func edit(_ edit: TextareaDocument.Edit, _ props: Record, _ dispatch: HandlerDispatch) -> Bool {
        guard let onChange = props["onChange"]?.handlerValue else { return true }
        let before = document.cursor
        let oldValue = request?.value ?? value
        if let (start, end) = selection {
            // Typing or a paste replaces the selection; a deletion deletes it.
            anchor = nil
            document.delete(from: start, to: end)
            switch edit {
            case .insert: _ = document.apply(edit)
            default: break
            }
            // A character typed over the selection opens a typing group: the word typed
            // after it goes with it, and one undo brings the selection's text back.
            let typing = Self.kind(of: edit) == .typing
            history.record(oldValue, cursor: before, kind: .replacement, opening: typing ? .typing : nil)
        } else {
            anchor = nil
            guard document.apply(edit) else { return true }
            history.record(oldValue, cursor: before, kind: Self.kind(of: edit))
        }
        goalX = nil
        let newValue = document.text
        request = (newValue, request?.cursorBefore ?? before)
        keepCursorInView()
        show()
        _ = dispatch(onChange, [.string(newValue)])
        return true
    }

    /// How `edit` groups with the edits around it.
    private static func kind(of edit: TextareaDocument.Edit) -> EditHistory<TextPosition>.Kind {
        switch edit {
        case .insert(let text): .init(inserting: text)
        case .deleteBackward, .deleteForward: .deleting
        case .deleteToLineStart, .deleteToLineEnd: .replacement
        }
    }

    /// Goes back to the text before the last group of edits, or forward again.
    private func travel(back: Bool, _ props: Record, _ dispatch: HandlerDispatch) -> Bool {
        guard let onChange = props["onChange"]?.handlerValue else { return true }
        let current = request?.value ?? value
        let before = document.cursor
        guard let (target, cursor) = back ? history.undo(from: current, cursor: before)
            : history.redo(from: current, cursor: before)
        else { return true }
        anchor = nil
        document.replaceText(with: target)
        document.cursor = document.clamped(cursor)
        goalX = nil
        request = (target, request?.cursorBefore ?? before)
        keepCursorInView()
        show()
        _ = dispatch(onChange, [.string(target)])
        return true
    }

    // MARK: Frames

    /// Ends a frame: an edit the parent never answered was refused, so the text goes
    /// back to the value and the cursor to where it was before the edit.
    func settle() {
        guard let request else { return }
        self.request = nil
        document.replaceText(with: value)
        document.cursor = document.clamped(request.cursorBefore)
        keepCursorInView()
        show()
    }

    /// Fits the rows to the inner size the layout gave; returns whether anything shown
    /// changed (and so the layout must run again).
    func fit() -> Bool {
        let frame = node.frame
        let inner = Size(width: max(1, frame.width - insets - barColumns), height: max(0, frame.height - insets))
        guard frame.width > 0, inner != fitted else { return false }
        fitted = inner
        let countChanged = inner.height != rowNodes.count
        document.setWrapping(width: max(1, inner.width - gutterWidth), words: wordWrap)
        setRowCount(inner.height)
        clampTop()
        keepCursorInView()
        return show() || countChanged
    }

    /// Shows the rows at their natural size again, so the next layout can give the
    /// editor more room (after a resize, say) before they are fitted.
    func refit() {
        fitted = nil
        document.setWrapping(width: InputWidget.widestShown, words: wordWrap)
        setRowCount(defaultRows)
        clampTop()
        show()
    }

    /// Makes or drops row nodes so there are `count`.
    private func setRowCount(_ count: Int) {
        while rowNodes.count > count, let last = rowNodes.popLast() { last.box.removeFromParent() }
        while rowNodes.count < count {
            var style = BoxStyle(direction: .row, height: .cells(1), shrink: 0)
            style.minWidth = .cells(0)
            let nodes = RowNodes(
                box: CanvasNode(box: style), gutter: CanvasNode(text: "", style: textStyle),
                before: CanvasNode(text: "", style: textStyle), cursor: CanvasNode(text: "", style: textStyle),
                after: CanvasNode(text: "", style: textStyle))
            nodes.box.appendChild(nodes.gutter)
            nodes.box.appendChild(nodes.before)
            nodes.box.appendChild(nodes.cursor)
            nodes.box.appendChild(nodes.after)
            node.appendChild(nodes.box)
            rowNodes.append(nodes)
        }
    }

    // MARK: The view

    /// Keeps ``top`` on a row that exists after the text or the wrapping changed.
    /// A press on the scrollbar, and the drags after it, show the line as far through the
    /// text as the pointer is down the bar; the cursor stays. Nil for what is not the
    /// bar's.
    private func dragBar(_ pointer: PointerEvent) -> Bool? {
        let border = insets / 2
        let rows = border..<(border + max(1, node.frame.height - insets))
        switch barDrag.follow(pointer, column: node.frame.width - border - 1, rows: rows) {
        case .elsewhere: return nil
        case .released: return true
        case .at(let fraction):
            // The last lines fill the view at the bar's bottom.
            let last = max(0, document.lines.count - rowNodes.count)
            top = TextareaDocument.Row(line: Int((fraction * Double(last)).rounded()), row: 0)
            clampTop()
            show()
            return true
        }
    }

    private func clampTop() {
        top.line = min(top.line, document.lines.count - 1)
        top.row = min(top.row, document.rows(of: top.line).count - 1)
    }

    /// How many rows there are from `row` on, counting no further than the rows in view.
    private func rowsInView(from row: TextareaDocument.Row) -> Int {
        var count = 1
        var current = row
        while count < rowNodes.count, let next = document.row(after: current) {
            current = next
            count += 1
        }
        return count
    }

    /// Scrolls as little as it takes to bring the cursor's row into view, and back up
    /// when the end of the text leaves rows empty below it.
    private func keepCursorInView() {
        clampTop()
        let height = max(1, rowNodes.count)
        let cursorRow = document.place(of: document.cursor).row
        if cursorRow < top {
            top = cursorRow
        } else {
            var row = top
            var distance = 0
            while row != cursorRow, distance < height, let next = document.row(after: row) {
                row = next
                distance += 1
            }
            if distance >= height {
                top = cursorRow
                for _ in 1..<height {
                    guard let previous = document.row(before: top) else { break }
                    top = previous
                }
            }
        }
        var shown = rowsInView(from: top)
        while shown < height, let previous = document.row(before: top) {
            top = previous
            shown += 1
        }
    }

    /// Sets the rows' texts and styles; returns whether any text changed.
    @discardableResult
    private func show() -> Bool {
        var changed = fitGutter()
        func set(_ node: CanvasNode, _ text: String, _ style: TextStyle) {
            if node.text != text {
                node.text = text
                changed = true
            }
            node.textStyle = style
        }
        var plain = textStyle
        var cursorStyle = textStyle
        if isFocused { cursorStyle.attributes.insert(.inverse) }
        var numberStyle = textStyle
        numberStyle.attributes.insert(.dim)
        func number(_ line: Int?) -> String {
            guard gutterWidth > 0 else { return "" }
            let digits = line.map { String($0 + 1) } ?? ""
            return String(repeating: " ", count: max(0, gutterWidth - 1 - digits.count)) + digits + " "
        }
        if document.isEmpty && !placeholder.isEmpty {
            plain.attributes.insert(.dim)
            cursorStyle.attributes.insert(.dim)
            for (slot, nodes) in rowNodes.enumerated() {
                nodes.before.runs = []
                nodes.cursor.runs = []
                nodes.after.runs = []
                let first = slot == 0 ? placeholder.first.map(String.init) ?? " " : ""
                set(nodes.gutter, number(slot == 0 ? 0 : nil), numberStyle)
                set(nodes.before, "", plain)
                set(nodes.cursor, first, slot == 0 ? cursorStyle : plain)
                set(nodes.after, slot == 0 ? String(placeholder.dropFirst()) : "", plain)
            }
            return changed
        }
        let cursorRow = document.place(of: document.cursor).row
        let selected = isFocused ? selection : nil
        func offset(_ index: String.Index, _ line: String) -> Int { line.utf8.distance(from: line.startIndex, to: index) }
        var row: TextareaDocument.Row? = top
        var shownLines: [Int] = []
        for nodes in rowNodes {
            guard let current = row else {
                for node in [nodes.before, nodes.cursor, nodes.after] { node.runs = [] }
                set(nodes.gutter, number(nil), numberStyle)
                set(nodes.before, "", plain)
                set(nodes.cursor, "", plain)
                set(nodes.after, "", plain)
                continue
            }
            let text = document.text(of: current)
            let line = document.lines[current.line]
            if shownLines.last != current.line { shownLines.append(current.line) }
            let looks = looks(ofLine: current.line)
            let marked = selected.flatMap { Self.selectedOffsets(of: current.line, $0) }
            set(nodes.gutter, number(current.row == 0 ? current.line : nil), numberStyle)
            if current == cursorRow {
                let at = TextareaDocument.boundary(atOrBefore: document.cursor.offset, in: line)
                let cursorEnd = at < text.endIndex ? line.index(after: at) : at
                set(nodes.before, String(text[..<at]), plain)
                var look = cursorStyle
                if let marked, at < text.endIndex, marked.contains(offset(at, line)) { look.attributes.insert(.underline) }
                set(nodes.cursor, at < text.endIndex ? String(line[at..<cursorEnd]) : " ", look)
                set(nodes.after, String(text[cursorEnd...]), plain)
                Self.paint(nodes.before, from: offset(text.startIndex, line), looks, marked)
                Self.paint(nodes.cursor, from: offset(at, line), at < text.endIndex ? looks : [], nil)
                Self.paint(nodes.after, from: offset(cursorEnd, line), looks, marked)
            } else {
                set(nodes.before, String(text), plain)
                set(nodes.cursor, "", plain)
                set(nodes.after, "", plain)
                Self.paint(nodes.before, from: offset(text.startIndex, line), looks, marked)
                nodes.cursor.runs = []
                nodes.after.runs = []
            }
            row = document.row(after: current)
        }
        // The scrollbar shows where the lines in view are among all of them.
        node.scrollbarPosition =
            barColumns > 0 ? (first: top.line, visible: max(shownLines.count, 1), total: document.lines.count) : nil
        // Only the lines in view keep their looks: memory follows the screen.
        if highlighted.count > shownLines.count {
            let kept = Set(shownLines)
            highlighted = highlighted.filter { kept.contains($0.key) }
        }
        tellCursor()
        return changed
    }

    /// Sizes the gutter for the last line's number (and one space), rewrapping the text
    /// when that changes its width; returns whether it did.
    private func fitGutter() -> Bool {
        let width = lineNumbers ? max(2, String(document.lines.count).count) + 1 : 0
        guard width != gutterWidth else { return false }
        gutterWidth = width
        if let fitted {
            document.setWrapping(width: max(1, fitted.width - width), words: wordWrap)
            clampTop()
            keepCursorInView()
        }
        return true
    }

    /// How `highlight` styles line `index`: asked once for each text and number, and
    /// kept while the line stays in view.
    private func looks(ofLine index: Int) -> [LineLook] {
        guard let highlighter else { return [] }
        let line = document.lines[index]
        if let known = highlighted[index], Self.sameBytes(known.text, line) { return known.looks }
        var looks: [LineLook] = []
        switch call(highlighter, [.string(line), .int(index + 1)]) {
        case .handled(let value): looks = LineLook.looks(from: value, lineLength: line.utf8.count)
        case .failed: break  // reported; not asked again until the line changes
        case .unhandled, .targetGone: return []  // not connected yet: asked again next time
        }
        highlighted[index] = (line, looks)
        return looks
    }

    /// Calls `onCursor` with the cursor's line and column (from 1, in characters) when
    /// it moved since it was last told.
    private func tellCursor() {
        guard let onCursor, toldCursor != document.cursor else { return }
        toldCursor = document.cursor
        let line = document.lines[document.cursor.line]
        let column = line[..<TextareaDocument.boundary(atOrBefore: document.cursor.offset, in: line)].count + 1
        _ = call(onCursor, [.record(["line": .int(document.cursor.line + 1), "column": .int(column)])])
    }

    /// The UTF-8 offsets of line `line` that the selection covers, if any (to the line's
    /// end, past its last byte, when the selection goes on to the next line).
    private static func selectedOffsets(
        of line: Int, _ selection: (start: TextPosition, end: TextPosition)
    ) -> Range<Int>? {
        guard selection.start.line <= line, line <= selection.end.line else { return nil }
        let from = selection.start.line == line ? selection.start.offset : 0
        let to = selection.end.line == line ? selection.end.offset : Int.max
        return from < to ? from..<to : nil
    }

    /// Sets the runs of `node` (its text starting `start` bytes into its line): the
    /// looks `highlight` gave the characters, later ones over earlier ones, and the
    /// selected characters in inverse video.
    private static func paint(_ node: CanvasNode, from start: Int, _ looks: [LineLook], _ selected: Range<Int>?) {
        let text = node.text
        let end = start + text.utf8.count
        let span = start..<end
        let touching = looks.filter { $0.bytes.overlaps(span) }
        let marked = selected.map { $0.clamped(to: span) }.flatMap { $0.isEmpty ? nil : $0 }
        guard !text.isEmpty, !touching.isEmpty || marked != nil else {
            node.runs = []
            return
        }
        var cuts: Set<Int> = [start, end]
        for look in touching {
            cuts.insert(max(look.bytes.lowerBound, start))
            cuts.insert(min(look.bytes.upperBound, end))
        }
        if let marked {
            cuts.insert(marked.lowerBound)
            cuts.insert(marked.upperBound)
        }
        let sorted = cuts.sorted()
        var runs: [TextRun] = []
        var from = text.startIndex
        for cut in sorted.dropFirst() {
            let to = cut >= end ? text.endIndex : InputEditor.boundary(atOrBefore: cut - start, in: text)
            guard from < to else { continue }
            let first = start + text.utf8.distance(from: text.startIndex, to: from)
            var run = TextRun(String(text[from..<to]))
            for look in touching where look.bytes.contains(first) { look.apply(to: &run) }
            if let marked, marked.contains(first) { run.adding.insert(.inverse) }
            runs.append(run)
            from = to
        }
        node.runs = runs
    }

    /// Whether two strings hold the same bytes (a byte comparison, where `==` compares
    /// characters).
    static func sameBytes(_ left: String, _ right: String) -> Bool {
        var left = left
        var right = right
        let count = left.utf8.count
        guard count == right.utf8.count else { return false }
        return left.withUTF8 { a in
            right.withUTF8 { b in
                guard let a = a.baseAddress, let b = b.baseAddress else { return true }
                return memcmp(a, b, count) == 0
            }
        }
    }
}

extension TextareaWidget: ClipboardWidget, CallingWidget {}

extension TextareaWidget {
    /// `ui.textarea`: focused unless it refuses.
    static let primitive = PrimitiveSpec(kind: "textarea", focus: .unlessRefused, bindings: bindings) {
        TextareaWidget(node: $0)
    }
}
