import TheoluaCanvas
import TheoluaCore

/// The footer `ui.keyhints` draws: a row of `key label` pairs, two cells apart, the keys
/// bold in `keyColor` and the labels in `color`. What it lists is the host's to say
/// (``CanvasHost/refreshKeyHints()``): the bindings of the focused element and its
/// ancestors, innermost first, updated as focus moves and as props change. A row too
/// narrow for every pair clips the last ones.
final class KeyHintsWidget: HostWidget {
    /// The footer's row.
    let node: CanvasNode
    /// None: the footer's content is the host's.
    var container: CanvasNode? { nil }
    private var keyStyle = TextStyle(attributes: .bold, wrap: .none)
    private var labelStyle = TextStyle(wrap: .none)
    private var shown: [KeyBinding] = []
    /// The texts in the row: a key's, then its label's, for each binding shown.
    private var texts: [CanvasNode] = []

    /// A footer drawn on `node` (a deferred box node made before), or on a new box.
    init(node: CanvasNode? = nil) {
        self.node = node ?? CanvasNode(box: BoxStyle(direction: .row))
    }

    func apply(_ props: Record, old: Record?) {
        var style = PropsMapping.boxStyle(props)
        style.direction = .row
        node.boxStyle = style
        keyStyle = TextStyle(color: PropsMapping.color(props["keyColor"]), attributes: .bold, wrap: .none)
        labelStyle = TextStyle(color: PropsMapping.color(props["color"]), wrap: .none)
        for (index, child) in texts.enumerated() {
            child.textStyle = index % 2 == 0 ? keyStyle : labelStyle
        }
    }

    /// Lists `bindings`; only the texts that changed are set.
    func show(_ bindings: [KeyBinding]) {
        guard bindings != shown else { return }
        shown = bindings
        while texts.count > bindings.count * 2, let last = texts.popLast() { last.removeFromParent() }
        for (index, binding) in bindings.enumerated() {
            let key = (index == 0 ? "" : "  ") + binding.shownKeys
            let label = " " + binding.label
            if index * 2 < texts.count {
                texts[index * 2].text = key
                texts[index * 2 + 1].text = label
            } else {
                for (text, style) in [(key, keyStyle), (label, labelStyle)] {
                    let child = CanvasNode(text: text, style: style)
                    // Whole pairs or none: the row clips the last ones rather than
                    // shrinking every text.
                    child.boxStyle = BoxStyle(shrink: 0)
                    node.appendChild(child)
                    texts.append(child)
                }
            }
        }
    }
}

extension KeyHintsWidget: BindingsDisplay {
    /// The footer of `ui.keyhints`, never focused.
    static let primitive = PrimitiveSpec(kind: "keyhints") { KeyHintsWidget(node: $0) }
}
