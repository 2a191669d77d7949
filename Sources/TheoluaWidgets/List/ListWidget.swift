import TheoluaCanvas
import TheoluaCore
import TheoluaTerminal

/// The `list` primitive a ``ListDefinition`` renders: a scroll holding the window of items
/// around the selection.
///
/// Its props say which item the first child is (`first`), which is selected
/// (`selected`), and where its keys go (`onListKey`, the list component's `list.key` action);
/// the rest are box props. It keeps the selected child in view, scrolling as little as
/// it takes, and draws it in inverse video while it has focus. Focused, it sends `up`,
/// `down`, `pageup`, `pagedown`, `home`, `end` and `enter` to the component, with the
/// number of items in view (a page).
final class ListWidget: HostWidget {
    /// The scroll node.
    let node: CanvasNode
    /// The node itself: the items go straight into it.
    var container: CanvasNode? { node }
    private var style = BoxStyle()
    private var isFocused = false
    /// The selected child's index among the children, if it is one of them.
    private var selectedSlot: Int?
    private var selected = 0
    private var first = 0
    private var count = 0
    /// A press on the scrollbar and its drags, which move the selection.
    private var barDrag = ScrollbarDrag()

    init(node: CanvasNode? = nil) {
        self.node = node ?? CanvasNode(scroll: BoxStyle())
    }

    func apply(_ props: Record, old: Record?) {
        style = PropsMapping.boxStyle(props)
        style.scrollbar = PropsMapping.flag(props["scrollbar"])
        node.boxStyle = isFocused ? FocusLook.focused(style) : style
        count = props["count"]?.intValue ?? 0
        let newSelected = props["selected"]?.intValue ?? 0
        let newFirst = props["first"]?.intValue ?? 1
        let moved = newSelected != selected || newFirst != first || old == nil
        selected = newSelected
        first = newFirst
        let slot = selected - first
        selectedSlot = selected > 0 && slot >= 0 ? slot : nil
        if moved, let selectedSlot { node.scrollToChild(at: selectedSlot) }
        if props["count"] != nil { node.setScrollWindow(start: first - 1, total: count) }
        showSelection()
    }

    /// A press on the scrollbar selects the item as far through the list as the press is
    /// down the bar, and a drag that started there goes on doing so.
    func handlePointer(_ pointer: PointerEvent, props: Record, dispatch: HandlerDispatch) -> Bool {
        guard node.boxStyle.scrollbar, count > 0, let onListKey = props["onListKey"]?.handlerValue else {
            return false
        }
        let inner = Rect(size: node.frame.size).inset(by: node.insets)
        switch barDrag.follow(pointer, column: inner.maxX, rows: inner.y..<inner.maxY) {
        case .elsewhere: return false
        case .released: return true
        case .at(let fraction):
            let item = 1 + Int((fraction * Double(count - 1)).rounded())
            _ = dispatch(onListKey, [.string("jump"), .int(1), .int(item)])
            return true
        }
    }

    func setFocused(_ focused: Bool) {
        guard focused != isFocused else { return }
        isFocused = focused
        node.boxStyle = focused ? FocusLook.focused(style) : style
        showSelection()
    }

    private func showSelection() {
        node.highlightedChild = isFocused ? selectedSlot : nil
    }

    /// A click on an item selects it, or activates it when it was selected already:
    /// the list component hears `pick` with the item's index.
    func handleClick(atX x: Int, y: Int, child: Int?, props: Record, dispatch: HandlerDispatch) -> Bool {
        guard let child, let onListKey = props["onListKey"]?.handlerValue else { return false }
        _ = dispatch(onListKey, [.string("pick"), .int(1), .int(first + child)])
        return true
    }

    /// A wheel step moves the selection by one item, focused or not.
    func handleWheel(_ direction: MouseEvent.Button, props: Record, dispatch: HandlerDispatch) -> Bool {
        guard direction == .up || direction == .down, let onListKey = props["onListKey"]?.handlerValue else {
            return false
        }
        _ = dispatch(onListKey, [.string(direction == .up ? "up" : "down"), .int(1)])
        return true
    }

    func handleKey(_ key: KeyEvent, props: Record, dispatch: HandlerDispatch) -> Bool {
        guard let onListKey = props["onListKey"]?.handlerValue,
            let action = KeyBinding.action(for: key, in: Self.bindings, ignoringShift: false)
        else { return false }
        let page = max(1, node.scrollPosition.visibleRange.count)
        if case .handled(let result) = dispatch(onListKey, [.string(action), .int(page)]) {
            return result.boolValue ?? true
        }
        return false
    }

    /// The keys a list (or a table) answers; the actions are those of its component's
    /// `list.key`.
    static let bindings: [KeyBinding] = [
        KeyBinding(["up"], action: "up", label: "select the item above", shown: false),
        KeyBinding(["down"], action: "down", label: "select the item below", shown: false),
        KeyBinding(["pageup"], action: "pageup", label: "up a screen", shown: false),
        KeyBinding(["pagedown"], action: "pagedown", label: "down a screen", shown: false),
        KeyBinding(["home"], action: "home", label: "the first item", shown: false),
        KeyBinding(["end"], action: "end", label: "the last item", shown: false),
        KeyBinding(["enter"], action: "enter", label: "activate", shown: false),
    ]
}

extension ListWidget {
    /// The window of a `ui.list` or `ui.table`: a scroll, focused unless it refuses. Its
    /// rows are already the window the list rendered, so none waits.
    static let primitive = PrimitiveSpec(
        kind: "list", canvasKind: .scroll, focus: .unlessRefused, bindings: bindings
    ) {
        ListWidget(node: $0)
    }
}
