import TheoluaCanvas
import TheoluaCore

/// `ui.help {}`: placed anywhere in the app, it makes F1 show an overlay listing every
/// key binding in reach, grouped by the element that answers it, from the focused
/// element out (the keys declared with `keys` and every key widgets answer themselves,
/// shown in `ui.keyhints` or not). F1, esc or any other key closes it; keys do not reach
/// the app while it is open. It draws nothing itself.
final class HelpWidget: HelpDisplay {
    let node: CanvasNode
    /// None: it has no children.
    var container: CanvasNode? { nil }
    /// The theme's colors for the overlay: the border, the keys and their words.
    private(set) var helpColors = (border: Color.default, key: Color.default, label: Color.default)

    init(node: CanvasNode? = nil) {
        self.node = node ?? CanvasNode(box: BoxStyle())
    }

    func apply(_ props: Record, old: Record?) {
        var style = BoxStyle(width: .cells(0), height: .cells(0))
        style.shrink = 0
        node.boxStyle = style
        helpColors = (
            PropsMapping.color(props["borderColor"]), PropsMapping.color(props["keyColor"]),
            PropsMapping.color(props["color"])
        )
    }

    /// The `help` primitive, never focused.
    static let primitive = PrimitiveSpec(kind: "help") { HelpWidget(node: $0) }
}

/// The component scripts make: the primitive with the theme's colors.
struct Help: Component {
    static let name = "help"

    func render(_ context: ComponentContext<Help>) -> [Element] {
        let theme = Theme.colors(for: context)
        return [
            .host(
                "help",
                props: [
                    "borderColor": theme["border"] ?? .null, "keyColor": theme["accent"] ?? .null,
                    "color": theme["text"] ?? .null,
                ])
        ]
    }

    /// `ui.help`.
    static let spec = WidgetSpec(
        name: "help", summary: "Makes F1 show every key binding in reach, grouped by the element that answers it.",
        props: Fields.schema([]), make: .element { _, key in Help().element(key: key) })
}
