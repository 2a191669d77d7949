import TheoluaCore
import TheoluaTerminal

/// Key routing.
///
/// A key goes to the focused primitive's own behaviour first (a button presses, an input
/// edits, a scroll scrolls), then to the `onKey` handlers from the focused node up
/// through its ancestors, until one returns `true`; then, if nobody used it, tab and
/// backtab move focus. With nothing focused (no focusable is mounted) the key goes to
/// the `onKey` handlers of the top-level nodes, in order, so an app without focusables
/// can still listen to keys on its root box. ctrl+c is the runtime's, never routed here.
///
/// Handlers receive the key event record
/// `{ name = "ctrl+x", text = nil, ctrl = true, alt = false, shift = false }`.
extension CanvasHost {
    /// Routes one key; returns whether something used it.
    @discardableResult
    package func handleKey(_ key: KeyEvent) -> Bool {
        defer { deliverFocusChanges() }
        // A key ends the selection on screen (copied already) and goes on to the app.
        clearSelection()
        // The help overlay takes the key that closes it (unless its ui.help has gone).
        helpViews.removeAll { !$0.isAttached(to: rootView) }
        if helpShown {
            helpShown = false
            if !helpViews.isEmpty { return true }
        }
        if let focused = focusedView, focused.widget?.handleKey(key, props: focused.props, dispatch: dispatch) == true {
            return true
        }
        if bubble(Self.record(of: key)) { return true }
        switch key.fullName {
        case "f1" where !helpViews.isEmpty:
            // ui.help is mounted and nothing in reach answered F1.
            helpShown = true
            return true
        case "tab": return focusNext()
        case "backtab": return focusPrevious()
        case "esc":
            // An open modal layer closes on esc that nothing inside it used.
            guard let onClose = trap?.modal.props["onClose"]?.handlerValue else { return false }
            _ = dispatch(onClose, [])
            return true
        default: return false
        }
    }

    /// Routes pasted text: the focused input inserts it; otherwise the nearest `onPaste`
    /// from the focused element up takes it. A paste larger than the text the app can
    /// still hold reaches nothing, with a warning (see ``refusal(ofPaste:)``).
    @discardableResult
    package func handlePaste(_ text: String) -> PasteOutcome {
        if let message = refusal(ofPaste: text) {
            onWarning(message)
            return .refused(message: message)
        }
        if let focused = focusedView,
            focused.widget?.handlePaste(text, props: focused.props, dispatch: dispatch) == true
        {
            return .used
        }
        // The nearest `onPaste` from the focused element up takes it, unless it returns
        // false. A paste is never a key: it reaches no `onKey` and no key binding.
        for handler in chain(\.pasteHandler) {
            switch dispatch(handler, [.string(text)]) {
            case .handled(.bool(false)), .unhandled, .targetGone: continue
            case .handled, .failed: return .used
            }
        }
        return .unused
    }

    /// The handlers at `path` of the focused view and its ancestors, innermost first; of
    /// the top-level views when nothing has focus.
    private func chain(_ path: KeyPath<HostView, Handler?>) -> [Handler] {
        let modal = trap?.modal
        guard let focused = focusedView else {
            if let modal { return modal[keyPath: path].map { [$0] } ?? [] }
            return rootView.children.compactMap { $0[keyPath: path] }
        }
        var handlers: [Handler] = []
        var node: HostView? = focused
        while let current = node, current !== rootView {
            if let handler = current[keyPath: path] { handlers.append(handler) }
            // Keys stay inside an open modal layer.
            if current === modal { break }
            node = current.parent
        }
        return handlers
    }

    /// Routes an input event from the terminal.
    @discardableResult
    package func handle(_ event: InputEvent) -> Bool {
        switch event {
        case .key(let key): handleKey(key)
        case .paste(let text): handlePaste(text) == .used
        case .mouse(let mouse): handleMouse(mouse)
        }
    }

    /// The key event as handlers receive it.
    package static func record(of key: KeyEvent) -> Record {
        [
            "name": .string(key.fullName), "text": key.text.map(Value.string) ?? .null,
            "ctrl": .bool(key.ctrl), "alt": .bool(key.alt), "shift": .bool(key.shift),
        ]
    }

    /// Calls the `onKey` handlers of the chain until one returns `true`.
    ///
    /// The handlers are collected first: a handler may change the tree (a Swift handler
    /// can flush updates), and the chain is the one the key was pressed in.
    private func bubble(_ event: Record) -> Bool {
        for handler in chain(\.keyHandler) {
            if case .handled(.bool(true)) = dispatch(handler, [.record(event)]) { return true }
        }
        return false
    }

    /// What the help overlay lists: the keys the app declares (`keys`) on the focused
    /// element and each element around it (inside an open modal layer, up to it), then
    /// the keys those elements answer themselves, innermost first; each group named by
    /// the element's `id` or its kind, a key listed once.
    var helpGroups: [HelpGroup] {
        var path: [HostView] = []
        var node: HostView? = focusedView
        while let current = node, current !== rootView {
            path.append(current)
            if current === trap?.modal { break }
            node = current.parent
        }
        if focusedView == nil { path = trap.map { [$0.modal] } ?? rootView.children }
        var seen = Set<String>()
        var groups: [HelpGroup] = []
        let passes: [(HostView) -> [KeyBinding]] = [
            { KeyBinding.declared(by: $0.props["keys"]) }, { $0.primitive.spec.bindings },
        ]
        for bindingsOf in passes {
            for view in path {
                let bindings = bindingsOf(view).filter { seen.insert($0.keys.joined(separator: ",")).inserted }
                guard !bindings.isEmpty else { continue }
                let title = view.props["id"]?.stringValue ?? view.primitive.spec.kind
                groups.append(HelpGroup(title: title, bindings: bindings))
            }
        }
        return groups
    }
}
