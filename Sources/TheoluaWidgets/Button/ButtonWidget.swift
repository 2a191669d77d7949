import TheoluaCanvas
import TheoluaCore
import TheoluaTerminal

/// `ui.button`: a box (laid out by the button's box props) holding its label.
///
/// Without a border the label is shown in brackets, `[ label ]`; with one, as
/// `│ label │`. The label sits at the left, or in the middle when the button is given a
/// `width` or `minWidth`; it ends with `…` when it does not fit and takes the text style
/// props. A button without a `width` or `minWidth` does not shrink below its label. Focused, the label is inverse and a single or round border is drawn
/// bold. Enter and space call `onPress()`; a button with `focusable = false` is skipped
/// by focus.
final class ButtonWidget: HostWidget {
    /// The button's box, holding the label.
    let node: CanvasNode
    /// None: a button's content is its `text` prop.
    var container: CanvasNode? { nil }
    private let label = CanvasNode(text: "")
    private var baseStyle = BoxStyle()
    private var labelStyle = TextStyle()
    private var isFocused = false

    /// A button drawn on `node` (a deferred box node made before), or on a new box.
    init(node: CanvasNode? = nil) {
        self.node = node ?? CanvasNode(box: BoxStyle())
        self.node.appendChild(label)
    }

    func apply(_ props: Record, old: Record?) {
        baseStyle = PropsMapping.boxStyle(props)
        baseStyle.direction = .column
        let text = TextWidget.content(props["text"])
        label.text = baseStyle.border == nil ? "[ \(text) ]" : " \(text) "
        labelStyle = PropsMapping.textStyle(props)
        labelStyle.wrap = .ellipsis
        let sized = baseStyle.width != nil || baseStyle.minWidth != nil
        labelStyle.align = sized ? .center : .left
        if !sized {
            // The label ends with `…` only when the button is given a size: a row short of
            // room squeezes its other items instead.
            let labelWidth = label.text.split(separator: "\n").map { UnicodeWidth.of($0) }.max() ?? 0
            baseStyle.minWidth = .cells(labelWidth + baseStyle.insets(base: nil).horizontal)
        }
        labelStyle.background = .default
        showFocus()
    }

    func setFocused(_ focused: Bool) {
        isFocused = focused
        showFocus()
    }

    func handleKey(_ key: KeyEvent, props: Record, dispatch: HandlerDispatch) -> Bool {
        guard KeyBinding.action(for: key, in: Self.bindings) == "press" else { return false }
        if let onPress = props["onPress"]?.handlerValue { _ = dispatch(onPress, []) }
        return true
    }

    /// The keys a button answers.
    static let bindings = [KeyBinding(["enter", "space"], action: "press", label: "press", shown: false)]

    /// A click presses the button, as enter does.
    func handleClick(atX x: Int, y: Int, child: Int?, props: Record, dispatch: HandlerDispatch) -> Bool {
        if let onPress = props["onPress"]?.handlerValue { _ = dispatch(onPress, []) }
        return true
    }

    private func showFocus() {
        node.boxStyle = isFocused ? FocusLook.focused(baseStyle) : baseStyle
        var style = labelStyle
        if isFocused { style.attributes.insert(.inverse) }
        label.textStyle = style
    }
}

extension ButtonWidget {
    /// `ui.button`: focused unless it refuses.
    static let primitive = PrimitiveSpec(kind: "button", focus: .unlessRefused, bindings: bindings) {
        ButtonWidget(node: $0)
    }
}
