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

/// What the overlay lists: a group of bindings and who answers them.
public struct HelpGroup: Sendable, Equatable {
    public var title: String
    public var bindings: [KeyBinding]

    public init(title: String, bindings: [KeyBinding]) {
        self.title = title
        self.bindings = bindings
    }
}

extension CellBuffer {
    /// Draws the help overlay listing `groups` in the middle of the screen: a bordered
    /// box with each group's title and its keys and what they do, cut to the screen.
    public mutating func drawHelp(_ groups: [HelpGroup], border: Color, key: Color, label: Color) {
        var lines: [(key: String, label: String, title: Bool)] = []
        for group in groups where !group.bindings.isEmpty {
            if !lines.isEmpty { lines.append(("", "", false)) }
            lines.append((group.title, "", true))
            for binding in group.bindings {
                lines.append((binding.display ?? binding.keys.joined(separator: ", "), binding.label, false))
            }
        }
        if lines.isEmpty { lines = [("", "no keys in reach", false)] }
        let keyWidth = min(24, lines.filter { !$0.title }.map { UnicodeWidth.of($0.key) }.max() ?? 0)
        let widest = lines.map { $0.title ? UnicodeWidth.of($0.key) : keyWidth + 2 + UnicodeWidth.of($0.label) }.max() ?? 0
        let boxWidth = min(width, widest + 4)
        let boxHeight = min(height, lines.count + 2)
        guard boxWidth >= 4, boxHeight >= 3 else { return }
        let box = Rect(x: (width - boxWidth) / 2, y: (height - boxHeight) / 2, width: boxWidth, height: boxHeight)
        fill(box)
        let pen = CellStyle(foreground: border)
        let title = " Keys "
        let top = "╭─" + title + String(repeating: "─", count: max(0, boxWidth - 3 - title.count)) + "╮"
        write(boxWidth >= title.count + 4 ? top : "╭" + String(repeating: "─", count: boxWidth - 2) + "╮", x: box.x, y: box.y, style: pen)
        write("╰" + String(repeating: "─", count: boxWidth - 2) + "╯", x: box.x, y: box.maxY - 1, style: pen)
        let inner = Rect(x: box.x + 2, y: box.y + 1, width: boxWidth - 4, height: boxHeight - 2)
        for row in 0..<inner.height {
            let y = inner.y + row
            write("│", x: box.x, y: y, style: pen)
            write("│", x: box.maxX - 1, y: y, style: pen)
            // What does not fit ends in a mark saying so.
            if row == inner.height - 1 && lines.count > inner.height {
                write("…", x: inner.x, y: y, style: CellStyle(foreground: label), clip: inner)
                continue
            }
            let line = lines[row]
            if line.title {
                write(line.key, x: inner.x, y: y, style: CellStyle(attributes: .bold), clip: inner)
            } else {
                write(line.key, x: inner.x, y: y, style: CellStyle(foreground: key, attributes: .bold), clip: inner)
                write(line.label, x: inner.x + keyWidth + 2, y: y, style: CellStyle(foreground: label), clip: inner)
            }
        }
    }
}
