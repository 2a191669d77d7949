import TheoluaCore

/// `ui.spinner { style = "dots", label = "loading" }`: a glyph animated by the runtime's
/// clock while the spinner is mounted. Its timer belongs to it, so an unmounted spinner
/// costs nothing, and each step re-renders the spinner alone, repainting its cells only.
struct Spinner: Component {
    var style: String
    var label: String?

    static let name = "spinner"

    /// The frames of each style, and how long each frame shows.
    static let styles: [String: (frames: [String], interval: Duration)] = [
        "dots": (["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"], .milliseconds(80)),
        "line": (["-", "\\", "|", "/"], .milliseconds(130)),
        "arc": (["◜", "◠", "◝", "◞", "◡", "◟"], .milliseconds(100)),
        "bounce": (["⠁", "⠂", "⠄", "⠂"], .milliseconds(120)),
    ]

    struct State: Equatable, Sendable { var frame = 0 }

    static func initialState(_ props: Spinner) -> State { State() }

    /// The element for validated script props.
    static func element(props: Record, key: Key?) -> Element {
        Spinner(style: props["style"]?.stringValue ?? "dots", label: props["label"]?.stringValue).element(key: key)
    }

    func render(_ context: ComponentContext<Spinner>) -> [Element] {
        let theme = Theme.colors(for: context)
        let frames = Self.styles[style]?.frames ?? ["·"]
        let glyph: Element = .text(frames[context.state.frame % frames.count], ["color": theme["accent"] ?? .null])
        guard let label else { return [glyph] }
        return [.row(["gap": 1], children: [glyph, .text(label, ["color": theme["text"] ?? .null])])]
    }

    static func makeController(_ context: ComponentContext<Spinner>) -> (any ComponentController)? {
        SpinnerClock(context)
    }
}

/// Steps a spinner's frame on the runtime's clock while it is mounted.
final class SpinnerClock: ComponentController {
    private let component: ComponentContext<Spinner>

    init(_ component: ComponentContext<Spinner>) { self.component = component }

    func didMount() throws {
        let interval = Spinner.styles[component.props.style]?.interval ?? .milliseconds(100)
        component.every(interval) { [component] in
            component.mutateState { $0.frame = ($0.frame + 1) % 1_000_000 }
        }
    }
}

extension Spinner {
    /// `ui.spinner`.
    static let spec = WidgetSpec(
        name: "spinner", summary: "A glyph stepped by the runtime's clock while it is mounted, with an optional label.",
        props: Fields.schema([
            Fields.defaulted("style", .enumeration(["dots", "line", "arc", "bounce"]), "dots"),
            Fields.optional("label", .string),
        ]),
        docs: ["style": "Default \"dots\".", "label": "Shown after the glyph."],
        make: .element { props, key in Spinner.element(props: props, key: key) })
}
