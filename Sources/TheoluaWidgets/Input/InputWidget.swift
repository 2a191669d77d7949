import TheoluaCanvas
import TheoluaCore
import TheoluaTerminal

/// `ui.input`: a controlled one-line text field.
///
/// It shows `props.value` in a row of three texts (before the cursor, the cursor cell,
/// after it) inside a box that takes the sizing, `border` and `borderColor` props.
/// Without a width it is as wide as its value plus one cell for the cursor (and
/// stretches in a column, like any box). When the value is wider than the field, the
/// window scrolls to keep the cursor in view. An empty value shows the dimmed
/// `placeholder`.
///
/// The cursor starts at the end of the value. Focused, the cursor cell is inverse and a single or round border is drawn bold.
/// Keys: left, right, home, end (also ctrl+a, ctrl+e) move; backspace, delete, ctrl+u
/// (to the start), ctrl+k (to the end) delete; typed text and pastes insert (pasted
/// line breaks and tabs become spaces); each edit calls `onChange(newValue)`. Enter
/// calls `onSubmit(value)` when there is an `onSubmit`, and bubbles otherwise. Other
/// keys (tab, up, down, esc…) are not used and bubble.
final class InputWidget: HostWidget {
    /// The field's box: a row of the three texts.
    let node: CanvasNode
    /// None: an input has no children.
    var container: CanvasNode? { nil }
    private let beforeText = CanvasNode(text: "", style: TextStyle(wrap: .none))
    private let cursorText = CanvasNode(text: " ", style: TextStyle(wrap: .none))
    private let afterText = CanvasNode(text: "", style: TextStyle(wrap: .none))
    private var baseStyle = BoxStyle(direction: .row)
    private var textStyle = TextStyle(wrap: .none)
    private var value = ""
    private var placeholder = ""
    /// The character shown for each of the value's (`mask`), for secrets.
    private var mask: Character?
    /// The suggestions given as a list, or the last a `suggestions` function answered.
    private var suggestions: [String] = []
    /// What `validate` last said of the value, shown after it until an edit mends it.
    private var problem: String?
    /// The clipboard, as the host connects it.
    var copyText: (String) -> Void = { _ in }
    var copiedText: () -> String? = { nil }
    private let completionText = CanvasNode(text: "", style: TextStyle(wrap: .none))
    private let problemText = CanvasNode(text: "", style: TextStyle(wrap: .none))
    private var editor = InputEditor()
    private var offset = 0
    private var isFocused = false
    /// The inner width the window was last fitted to; nil when the content changed since.
    private var fittedWidth: Int?
    /// The most cells shown before a layout tells how wide the field is: one more than
    /// the screen (as the host tells it), so the field's content size is its value's for
    /// any field the screen can hold, and a long value costs what the screen shows.
    private var widest = InputWidget.widestShown

    /// A field drawn on `node` (a deferred box node made before), or on a new box.
    init(node: CanvasNode? = nil) {
        self.node = node ?? CanvasNode(box: BoxStyle(direction: .row))
        self.node.appendChild(beforeText)
        self.node.appendChild(cursorText)
        self.node.appendChild(afterText)
        self.node.appendChild(completionText)
        self.node.appendChild(problemText)
    }

    /// Maps the props; when only `value` changed, the styles are left alone.
    func apply(_ props: Record, old: Record?) {
        if !PropsMapping.onlyChanged("value", from: old, to: props) { applyStyles(props) }
        let newValue = props["value"]?.stringValue ?? ""
        let cursor = props["cursor"]?.intValue
        if old == nil {
            value = newValue
            editor.mounted(with: newValue, cursorAt: cursor)
        } else if newValue.utf8.count != value.utf8.count || newValue != value {
            value = newValue
            editor.valueChanged(to: newValue, cursorAt: cursor)
        }
        contentChanged()
    }

    private func applyStyles(_ props: Record) {
        var style = BoxStyle(direction: .row)
        PropsMapping.applySizing(props, to: &style)
        style.border = props["border"]?.stringValue.flatMap(BorderKind.init(parsing:))
        style.borderColor = PropsMapping.color(props["borderColor"])
        style.background = PropsMapping.color(props["bg"])
        baseStyle = style
        node.boxStyle = isFocused ? FocusLook.focused(style) : style
        textStyle = TextStyle(
            color: PropsMapping.color(props["color"]), attributes: PropsMapping.attributes(props), wrap: .none
        )
        placeholder = props["placeholder"]?.stringValue ?? ""
        mask = props["mask"]?.stringValue?.first
        if case .array(let items)? = props["suggestions"] { suggestions = items.values.compactMap(\.stringValue) }
    }

    func setFocused(_ focused: Bool) {
        isFocused = focused
        node.boxStyle = focused ? FocusLook.focused(baseStyle) : baseStyle
        contentChanged()
    }

    func handleKey(_ key: KeyEvent, props: Record, dispatch: HandlerDispatch) -> Bool {
        if let action = KeyBinding.action(for: key, in: Self.bindings) { return perform(action, props, dispatch) }
        guard key.isPlain, let text = key.text, !text.isEmpty else { return false }
        return edit(.insert(text), props, dispatch)
    }

    /// The keys an input answers (a character key types itself).
    static let bindings: [KeyBinding] = [
        KeyBinding(["tab"], action: "complete", label: "accept the suggestion", shown: false),
        KeyBinding(["left"], action: "left", label: "move left", shown: false),
        KeyBinding(["right"], action: "right", label: "move right, or accept the suggestion", shown: false),
        KeyBinding(["home", "ctrl+a"], action: "home", label: "go to the start", shown: false),
        KeyBinding(["end", "ctrl+e"], action: "end", label: "go to the end", shown: false),
        KeyBinding(["ctrl+left", "alt+b"], action: "wordLeft", label: "move a word left", shown: false),
        KeyBinding(["ctrl+right", "alt+f"], action: "wordRight", label: "move a word right", shown: false),
        KeyBinding(["shift+left"], action: "selectLeft", label: "select left", shown: false),
        KeyBinding(["shift+right"], action: "selectRight", label: "select right", shown: false),
        KeyBinding(["shift+home"], action: "selectHome", label: "select to the start", shown: false),
        KeyBinding(["shift+end"], action: "selectEnd", label: "select to the end", shown: false),
        KeyBinding(["ctrl+shift+left"], action: "selectWordLeft", label: "select a word left", shown: false),
        KeyBinding(["ctrl+shift+right"], action: "selectWordRight", label: "select a word right", shown: false),
        KeyBinding(["backspace"], action: "deleteBackward", label: "delete before", shown: false),
        KeyBinding(["delete"], action: "deleteForward", label: "delete after", shown: false),
        KeyBinding(["ctrl+u"], action: "deleteToStart", label: "delete to the start", shown: false),
        KeyBinding(["ctrl+k"], action: "deleteToEnd", label: "delete to the end", shown: false),
        KeyBinding(["enter"], action: "submit", label: "submit", shown: false),
    ] + EditingKeys.bindings

    /// Does `action`, one of ``bindings``' actions.
    private func perform(_ action: String, _ props: Record, _ dispatch: HandlerDispatch) -> Bool {
        switch action {
        case "complete":
            // Tab moves focus unless a suggestion is showing.
            guard completion != nil else { return false }
            return accept(props, dispatch)
        case "left": return move(.left)
        case "right":
            if completion != nil { return accept(props, dispatch) }
            return move(.right)
        case "home": return move(.home)
        case "end": return move(.end)
        case "wordLeft": return move(.wordLeft)
        case "wordRight": return move(.wordRight)
        case "selectLeft": return move(.left, selecting: true)
        case "selectRight": return move(.right, selecting: true)
        case "selectHome": return move(.home, selecting: true)
        case "selectEnd": return move(.end, selecting: true)
        case "selectWordLeft": return move(.wordLeft, selecting: true)
        case "selectWordRight": return move(.wordRight, selecting: true)
        case "copy", "cut":
            // A secret is never copied out of its field.
            guard mask == nil, let selected = editor.selection(shown: value) else { return false }
            let text = editor.workingValue(shown: value)
            let start = InputEditor.boundary(atOrBefore: selected.lowerBound, in: text)
            let end = InputEditor.boundary(atOrBefore: selected.upperBound, in: text)
            copyText(String(text[start..<end]))
            return action == "cut" ? edit(.deleteBackward, props, dispatch) : true
        case "paste":
            guard let copied = copiedText(), !copied.isEmpty else { return false }
            return edit(.insert(Self.oneLine(copied)), props, dispatch)
        case "undo", "redo":
            guard let onChange = props["onChange"]?.handlerValue else { return true }
            if let newValue = editor.travel(back: action == "undo", shown: value) {
                changed(to: newValue, props, dispatch)
                _ = dispatch(onChange, [.string(newValue)])
            }
            return true
        case "deleteBackward": return edit(.deleteBackward, props, dispatch)
        case "deleteForward": return edit(.deleteForward, props, dispatch)
        case "deleteToStart": return edit(.deleteToStart, props, dispatch)
        case "deleteToEnd": return edit(.deleteToEnd, props, dispatch)
        case "submit":
            guard let onSubmit = props["onSubmit"]?.handlerValue else { return false }
            let text = editor.workingValue(shown: value)
            // A value validate refuses is held back, and what it says is shown.
            if let validate = props["validate"]?.handlerValue {
                problem = Self.message(dispatch(validate, [.string(text)]))
                contentChanged()
                if problem != nil { return true }
            }
            _ = dispatch(onSubmit, [.string(text)])
            return true
        default: return false
        }
    }

    func handlePaste(_ text: String, props: Record, dispatch: HandlerDispatch) -> Bool {
        edit(.insert(Self.oneLine(text)), props, dispatch)
    }

    /// The left button: a press puts the cursor on the character pressed (or after the
    /// last one; with shift, extending the selection), a double press selects the word
    /// there, a triple press the whole value, and a drag selects from the press to the
    /// pointer, scrolling the field when it leaves it.
    func handlePointer(_ pointer: PointerEvent, props: Record, dispatch: HandlerDispatch) -> Bool {
        guard editor.request == nil else { return true }
        let target = offset(atColumn: pointer.x - (baseStyle.border == nil ? 0 : 1))
        switch pointer.phase {
        case .press where pointer.clicks == 2 && mask == nil:
            if editor.selectWord(at: target, shown: value) { contentChanged() }
        case .press where pointer.clicks == 2:
            // A secret's words would show where its spaces are: a double click takes it all.
            if editor.selectAll(shown: value) { contentChanged() }
        case .press where pointer.clicks >= 3:
            if editor.selectAll(shown: value) { contentChanged() }
        case .press:
            _ = move(.to(target), selecting: pointer.shift)
        case .drag:
            _ = move(.to(target), selecting: true)
        case .release:
            break
        }
        return true
    }

    /// The value's offset at `column` of the field's text: of the character drawn there,
    /// after the last one past the end, and one character beyond the window's edge for
    /// a column outside it (a drag past the edge scrolls).
    private func offset(atColumn column: Int) -> Int {
        let (shown, _) = displayed()
        let first = InputEditor.boundary(atOrBefore: offset, in: shown)
        var index = first
        if column < 0 {
            if index > shown.startIndex { index = shown.index(before: index) }
        } else {
            var used = 0
            while index < shown.endIndex {
                let (next, width) = InputWindow.step(after: index, in: shown)
                if used + width > column { break }
                used += width
                index = next
            }
            let width = fittedWidth ?? widest
            if column >= width, index < shown.endIndex { index = shown.index(after: index) }
        }
        // The same character of the value (a masked value shows one mark per character).
        let characters = shown[..<index].count
        let target = value.index(value.startIndex, offsetBy: min(characters, value.count))
        return InputEditor.offset(of: target, in: value)
    }

    /// Ends a frame: an edit the parent never answered is settled (see ``InputEditor``).
    func settle() {
        if editor.settle(shown: value) { contentChanged() }
    }

    /// Fits the window to the field's inner width after a layout; returns whether the
    /// texts changed (and so the layout must run again).
    func fit() -> Bool {
        let frame = node.frame
        let insets = baseStyle.border == nil ? 0 : 2
        let width = frame.width - insets
        guard frame.width > 0, width != fittedWidth else { return false }
        fittedWidth = width
        return show(width: max(0, width))
    }

    /// Shows the whole value again so that the next layout can give the field more room
    /// (after a resize, say) before the window is fitted.
    func refit() { contentChanged() }

    func screenWidthChanged(to width: Int) {
        widest = min(Self.widestShown, max(1, width) + 1)
    }

    private func move(_ movement: InputEditor.Movement, selecting: Bool = false) -> Bool {
        if editor.move(movement, shown: value, selecting: selecting) { contentChanged() }
        return true
    }

    private func edit(_ edit: InputEditor.Edit, _ props: Record, _ dispatch: HandlerDispatch) -> Bool {
        guard let onChange = props["onChange"]?.handlerValue else { return true }
        if let newValue = editor.apply(edit, shown: value) {
            changed(to: newValue, props, dispatch)
            _ = dispatch(onChange, [.string(newValue)])
        }
        return true
    }

    /// After an edit to `newValue`: the suggestions a function gives are asked for again,
    /// and a message `validate` gave is checked again, to go once the value is mended.
    private func changed(to newValue: String, _ props: Record, _ dispatch: HandlerDispatch) {
        if let suggest = props["suggestions"]?.handlerValue {
            if case .handled(.array(let items)) = dispatch(suggest, [.string(newValue)]) {
                suggestions = items.values.prefix(1_000).compactMap(\.stringValue)
            } else {
                suggestions = []
            }
        }
        if problem != nil, let validate = props["validate"]?.handlerValue {
            problem = Self.message(dispatch(validate, [.string(newValue)]))
        }
        contentChanged()
    }

    /// What `validate` answered: a message (a string that is not empty), or nil.
    private static func message(_ outcome: DispatchOutcome) -> String? {
        guard case .handled(.string(let text)) = outcome, !text.isEmpty else { return nil }
        return text
    }

    /// The rest of the first suggestion that continues the value (ignoring case), shown
    /// after the cursor while it is at the end of a value that is not empty.
    /// Looks at no more of the value than the suggestions are long, so that a long value
    /// costs nothing more per key.
    private var completion: (suggestion: String, rest: String)? {
        guard !suggestions.isEmpty, mask == nil, isFocused else { return nil }
        let text = editor.workingValue(shown: value)
        guard !text.isEmpty, editor.displayCursor(shown: text) == text.endIndex else { return nil }
        for suggestion in suggestions {
            if let rest = Self.rest(of: suggestion, continuing: text) { return (suggestion, rest) }
        }
        return nil
    }

    /// What `suggestion` has after the characters of `text`, when it starts with them
    /// (ignoring case) and is longer; nil otherwise. Stops at the first character that
    /// differs or at the suggestion's end.
    static func rest(of suggestion: String, continuing text: String) -> String? {
        var index = suggestion.startIndex
        for character in text {
            guard index < suggestion.endIndex else { return nil }
            let candidate = suggestion[index]
            guard candidate == character || candidate.lowercased() == character.lowercased() else { return nil }
            index = suggestion.index(after: index)
        }
        guard index < suggestion.endIndex else { return nil }
        return String(suggestion[index...])
    }

    /// Takes the suggestion shown: the value becomes it, the cursor at its end.
    private func accept(_ props: Record, _ dispatch: HandlerDispatch) -> Bool {
        guard let (suggestion, _) = completion else { return false }
        return edit(.replaceAll(suggestion), props, dispatch)
    }

    /// The most cells an input shows before the layout tells how wide it is, whatever the
    /// screen: where no host tells the screen's width, wider than any screen.
    static let widestShown = 4096

    /// Shows the value, as much of it as the screen's width allows (so the field's
    /// content size is its value's for a field that fits the screen), until the next
    /// layout tells how wide the field is.
    private func contentChanged() {
        fittedWidth = nil
        _ = show(width: widest)
    }

    /// Sets the three texts for a field `width` cells wide; returns whether they changed.
    private func show(width: Int) -> Bool {
        let old = (beforeText.text, cursorText.text, afterText.text)
        var plain = textStyle
        var cursorStyle = textStyle
        if value.isEmpty && !placeholder.isEmpty {
            plain.attributes.insert(.dim)
            cursorStyle.attributes.insert(.dim)
            let window = InputWindow(value: placeholder, cursor: placeholder.startIndex, offset: 0, width: width)
            beforeText.text = ""
            cursorText.text = window.cursor
            afterText.text = window.after
        } else {
            let (shown, cursor) = displayed()
            let window = InputWindow(value: shown, cursor: cursor, offset: offset, width: width)
            offset = window.offset
            beforeText.text = window.before
            cursorText.text = window.cursor
            afterText.text = window.after
        }
        if isFocused { cursorStyle.attributes.insert(.inverse) }
        beforeText.textStyle = plain
        cursorText.textStyle = cursorStyle
        afterText.textStyle = plain
        markSelection()
        // The completion after the cursor cell, dimmed; what validate said, in red.
        let rest = completion?.rest ?? ""  // once: it walks the suggestions
        completionText.text = rest.isEmpty ? "" : String(rest.dropFirst())
        if !rest.isEmpty { cursorText.text = String(rest.prefix(1)) }
        var dimmed = textStyle
        dimmed.attributes.insert(.dim)
        completionText.textStyle = dimmed
        problemText.text = problem.map { " " + $0 } ?? ""
        problemText.textStyle = TextStyle(color: .red, wrap: .none)
        return old != (beforeText.text, cursorText.text, afterText.text)
    }

    /// Draws the selected characters of the texts around the cursor in inverse video: a
    /// selection ends at the cursor, so it lies in the text before it or after it.
    private func markSelection() {
        let selected = isFocused ? editor.selection(shown: value) : nil
        let cursorOffset = InputEditor.offset(of: editor.displayCursor(shown: value), in: value)
        guard let selected, !value.isEmpty else {
            beforeText.runs = []
            afterText.runs = []
            return
        }
        // In characters: a masked value shows one mark per character.
        let text = value
        let count = { (end: Int) in text[..<InputEditor.boundary(atOrBefore: end, in: text)].count }
        let length = count(selected.upperBound) - count(selected.lowerBound)
        if selected.upperBound == cursorOffset {
            // Before the cursor: the last `length` characters of what shows there.
            let shown = beforeText.text
            let split = shown.index(shown.endIndex, offsetBy: -min(length, shown.count))
            beforeText.runs = [TextRun(String(shown[..<split])), TextRun(String(shown[split...]), adding: .inverse)]
            afterText.runs = []
        } else {
            // From the cursor on: the cursor cell is the first selected character, marked
            // as the cursor by an underline.
            cursorText.textStyle.attributes.formUnion([.inverse, .underline])
            let shown = afterText.text
            let split = shown.index(shown.startIndex, offsetBy: min(max(length - 1, 0), shown.count))
            afterText.runs = [TextRun(String(shown[..<split]), adding: .inverse), TextRun(String(shown[split...]))]
            beforeText.runs = []
        }
    }

    /// The value as shown (each character as the mask, for a secret), and the cursor in it.
    private func displayed() -> (text: String, cursor: String.Index) {
        let cursor = editor.displayCursor(shown: value)
        guard let mask else { return (value, cursor) }
        let shown = String(repeating: mask, count: value.count)
        return (shown, shown.index(shown.startIndex, offsetBy: value[..<cursor].count))
    }

    /// Pasted text on one line: line breaks and tabs become spaces, other controls go.
    static func oneLine(_ text: String) -> String {
        withoutControls(text, lineBreak: " ", tab: " ")
    }

    /// `text` with each line break (`\n`, `\r\n` or `\r`) as `lineBreak`, each tab as
    /// `tab`, and other control characters dropped.
    static func withoutControls(_ text: String, lineBreak: Character, tab: Character) -> String {
        guard text.utf8.contains(where: { $0 < 0x20 || $0 == 0x7F }) else { return text }
        var result = ""
        for character in text {
            if character == "\n" || character == "\r\n" || character == "\r" {
                result.append(lineBreak)
            } else if character == "\t" {
                result.append(tab)
            } else if let scalar = character.unicodeScalars.first, character.unicodeScalars.count == 1,
                scalar.value < 0x20 || scalar.value == 0x7F
            {
                continue
            } else {
                result.append(character)
            }
        }
        return result
    }
}

extension InputWidget: FittingWidget, ClipboardWidget {
    /// `ui.input`: focused unless it refuses.
    static let primitive = PrimitiveSpec(kind: "input", focus: .unlessRefused, bindings: bindings) {
        InputWidget(node: $0)
    }
}
