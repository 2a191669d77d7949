import TheoluaCore

/// `ui.switch { "label", value = b, onChange = h }`: a focusable, controlled on/off
/// switch drawn as a track with a knob, `━━●` when on (in the theme's `accent`) and
/// `●━━` when off (`muted`), then the label. Space, enter and a click call
/// `onChange(not value)`; the app keeps `value`.
struct Switch: Component {
    var label: String
    var value: Bool
    var onChange: Handler?
    /// The box props passed on (`grow`, `shrink`, `id`, `autoFocus`, `onFocus`, `onBlur`).
    var box: Record

    static let name = "switch"

    /// The element for validated script props: the label is the first array item.
    static func element(props: Record, key: Key?) -> Element {
        Switch(
            label: Toggle.label(of: props), value: props["value"]?.boolValue ?? false,
            onChange: props["onChange"]?.handlerValue,
            box: props.filter { !["value", "onChange", "children"].contains($0) }
        ).element(key: key)
    }

    func render(_ context: ComponentContext<Switch>) -> [Element] {
        let theme = Theme.colors(for: context)
        let props = Toggle.row(box, context: context)
        let track: Element = .text(
            value ? "━━●" : "●━━", ["color": (value ? theme["accent"] : theme["muted"]) ?? .null, "wrap": "none"])
        guard !label.isEmpty else { return [.box(props, children: [track])] }
        return [.box(props, children: [track, .text(label, ["color": theme["text"] ?? .null])])]
    }

    func performReturningValue(_ action: String, _ arguments: [Value], _ context: ComponentContext<Switch>) -> Value? {
        Toggle.perform(
            action, arguments, value: value, onChange: onChange, bindings: Self.spec.bindings, context: context)
    }
}

extension Switch {
    /// `ui.switch`.
    static let spec = WidgetSpec(
        name: "switch",
        summary: "A focusable, controlled on/off switch `━━● label`, toggled by space, enter or a click.",
        props: Fields.schema(
            [
                Fields.defaulted("value", .boolean, .bool(false)), Fields.optional("onChange", .function),
                Fields.optional("children", .elements),
            ] + Fields.focus + Fields.flex),
        content: .children,
        bindings: [KeyBinding(["space", "enter"], action: "toggle", label: "switch", shown: false)],
        docs: [
            "[1]": "The label.", "value": "Default false.",
            "onChange": "Called with the new value (space, enter, click).",
        ],
        make: .element { props, key in Switch.element(props: props, key: key) })
}
