import TheoluaCanvas
import TheoluaCore
import TheoluaTerminal

/// `ui.box`, `ui.scroll` and the root container: a canvas box or scroll node.
///
/// A box is focusable with `focusable = true`; a scroll is focusable unless
/// `focusable = false`. Focus shows on the border, or on a box without one as inverse
/// video (see ``FocusLook``). A focused scroll
/// scrolls with up, down, pageup, pagedown, home and end.
final class BoxWidget: HostWidget {
    /// The box or scroll node.
    let node: CanvasNode
    /// The node itself: children go straight into it.
    var container: CanvasNode? { node }
    private let isScroll: Bool
    private let isRoot: Bool
    /// The style without the focus look, kept while focused: boxed, so that the many
    /// boxes never focused do not carry a whole style each.
    private var unfocusedStyle: UnfocusedStyle?
    private var isFocused = false
    private var isTopLevel = false
    /// A press on the scrollbar and its drags, which move the window.
    private var barDrag = ScrollbarDrag()

    /// A box, or a scroll when `scroll` is true, drawn on `node` (a deferred node of the
    /// same kind made before) or on a new one.
    init(scroll: Bool, node: CanvasNode? = nil) {
        isScroll = scroll
        isRoot = false
        self.node = node ?? (scroll ? CanvasNode(scroll: BoxStyle()) : CanvasNode(box: BoxStyle()))
    }

    /// The root container: a column filling the canvas, without props of its own.
    init(root: Void) {
        isScroll = false
        isRoot = true
        node = CanvasNode(box: BoxStyle())
        node.debugName = "root"
    }

    func apply(_ props: Record, old: Record?) {
        guard !isRoot else { return }
        var style = PropsMapping.boxStyle(props)
        if isScroll {
            style.scrollbar = PropsMapping.flag(props["scrollbar"])
            style.scrollsHorizontally = PropsMapping.flag(props["scrollX"])
        }
        // The root is given the whole canvas: a top-level box grows to fill it unless
        // it sets its own height or grow.
        if isTopLevel && props["grow"] == nil && props["height"] == nil { style.grow = max(style.grow, 1) }
        if isFocused {
            unfocusedStyle = UnfocusedStyle(style)
            node.boxStyle = FocusLook.focused(style, highlightsWithoutBorder: !isScroll)
        } else {
            node.boxStyle = style
        }
        if isScroll { node.follow = PropsMapping.flag(props["follow"]) }
    }

    func setTopLevel(_ topLevel: Bool, props: Record) {
        guard topLevel != isTopLevel else { return }
        isTopLevel = topLevel
        apply(props, old: nil)
    }

    func setFocused(_ focused: Bool) {
        guard focused != isFocused else { return }
        isFocused = focused
        if focused {
            let style = node.boxStyle
            unfocusedStyle = UnfocusedStyle(style)
            node.boxStyle = FocusLook.focused(style, highlightsWithoutBorder: !isScroll)
        } else {
            if let unfocusedStyle { node.boxStyle = unfocusedStyle.style }
            unfocusedStyle = nil
        }
    }

    func handleKey(_ key: KeyEvent, props: Record, dispatch: HandlerDispatch) -> Bool {
        guard isScroll else { return false }
        switch KeyBinding.action(for: key, in: Self.scrollBindings, ignoringShift: false) {
        case "up": node.scrollUp()
        case "down": node.scrollDown()
        case "pageUp": node.pageUp()
        case "pageDown": node.pageDown()
        case "start": node.scrollToStart()
        case "end": node.scrollToEnd()
        case "left" where node.boxStyle.scrollsHorizontally: node.scrollSideways(by: -Self.sidewaysColumns)
        case "right" where node.boxStyle.scrollsHorizontally: node.scrollSideways(by: Self.sidewaysColumns)
        default: return false
        }
        return true
    }

    /// Columns a scroll moves sideways for `left`, `right` or a sideways wheel step.
    static let sidewaysColumns = 4

    /// A press on the scrollbar moves the window there, and so does a drag that started
    /// on it: the thumb follows the pointer.
    func handlePointer(_ pointer: PointerEvent, props: Record, dispatch: HandlerDispatch) -> Bool {
        guard isScroll, node.boxStyle.scrollbar else { return false }
        let inner = Rect(size: node.frame.size).inset(by: node.insets)
        switch barDrag.follow(pointer, column: inner.maxX, rows: inner.y..<inner.maxY) {
        case .elsewhere: return false
        case .released: return true
        case .at(let fraction): node.scroll(toFraction: fraction)
        }
        return true
    }

    /// The keys a scroll answers.
    static let scrollBindings: [KeyBinding] = [
        KeyBinding(["up"], action: "up", label: "scroll up", shown: false),
        KeyBinding(["down"], action: "down", label: "scroll down", shown: false),
        KeyBinding(["pageup"], action: "pageUp", label: "up a screen", shown: false),
        KeyBinding(["pagedown"], action: "pageDown", label: "down a screen", shown: false),
        KeyBinding(["home"], action: "start", label: "to the start", shown: false),
        KeyBinding(["end"], action: "end", label: "to the end", shown: false),
        KeyBinding(["left"], action: "left", label: "scroll left (scrollX)", shown: false),
        KeyBinding(["right"], action: "right", label: "scroll right (scrollX)", shown: false),
    ]

    /// A scroll scrolls by ``wheelLines`` a wheel step, focused or not.
    func handleWheel(_ direction: MouseEvent.Button, props: Record, dispatch: HandlerDispatch) -> Bool {
        guard isScroll else { return false }
        switch direction {
        case .up: node.scrollUp(by: Self.wheelLines)
        case .down: node.scrollDown(by: Self.wheelLines)
        case .wheelLeft where node.boxStyle.scrollsHorizontally: node.scrollSideways(by: -Self.sidewaysColumns)
        case .wheelRight where node.boxStyle.scrollsHorizontally: node.scrollSideways(by: Self.sidewaysColumns)
        default: return false
        }
        return true
    }

    /// The lines a scroll moves for one wheel step.
    static let wheelLines = 3
}

/// A box's style without the focus look, while it is focused.
private final class UnfocusedStyle {
    let style: BoxStyle

    init(_ style: BoxStyle) {
        self.style = style
    }
}

extension BoxWidget {
    /// `ui.box` (and `ui.row`, `ui.column`, `ui.spacer`, `ui.layer`): focused when it asks.
    static let primitive = PrimitiveSpec(kind: "box", focus: .whenAsked) { BoxWidget(scroll: false, node: $0) }

    /// `ui.scroll`: focused unless it refuses; its rows wait until its layout reaches them.
    static let scrollPrimitive = PrimitiveSpec(
        kind: "scroll", canvasKind: .scroll, focus: .unlessRefused, defersChildren: true, bindings: scrollBindings
    ) { BoxWidget(scroll: true, node: $0) }

    /// The invisible root container the top-level nodes live in.
    static let rootPrimitive = PrimitiveSpec(kind: "root") { _ in BoxWidget(root: ()) }
}
