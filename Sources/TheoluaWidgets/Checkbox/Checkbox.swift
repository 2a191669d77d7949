import TheoluaCore

/// `ui.checkbox { "label", checked = b, onChange = h }`: a focusable, controlled box
/// `[x] label`. Space, enter and a click call `onChange(not checked)`; the app keeps
/// `checked`. The mark takes the theme's `accent` when checked.
struct Checkbox: Component {
    var label: String
    var checked: Bool
    var onChange: Handler?
    /// The box props passed on (`grow`, `shrink`, `id`, `autoFocus`, `onFocus`, `onBlur`).
    var box: Record

    static let name = "checkbox"

    /// The element for validated script props: the label is the first array item.
    static func element(props: Record, key: Key?) -> Element {
        let label = props["children"]?.arrayValue?.values.first?.elementValue?.hostProps["text"]?.stringValue ?? ""
        return Checkbox(
            label: label, checked: props["checked"]?.boolValue ?? false, onChange: props["onChange"]?.handlerValue,
            box: props.filter { !["checked", "onChange", "children"].contains($0) }
        ).element(key: key)
    }

    func render(_ context: ComponentContext<Checkbox>) -> [Element] {
        let theme = Theme.colors(for: context)
        var props = box
        for (name, value) in [
            ("direction", Value.string("row")), ("gap", 1), ("focusable", true),
            ("onKey", .handler(context.handler("key"))), ("onClick", .handler(context.handler("toggle"))),
        ] {
            props = props.setting(name, to: value)
        }
        let mark: Element = .text(checked ? "[x]" : "[ ]", ["color": checked ? theme["accent"] ?? .null : .null])
        return [.box(props, children: [mark, .text(label, ["color": theme["text"] ?? .null])])]
    }

    func performReturningValue(_ action: String, _ arguments: [Value], _ context: ComponentContext<Checkbox>)
        -> Value?
    {
        switch action {
        case "key":
            guard KeyBinding.action(forEvent: arguments.first, in: Self.spec.bindings) == "toggle" else {
                return .bool(false)
            }
        case "toggle": break
        default: return nil
        }
        if let onChange { context.call(onChange, [.bool(!checked)]) }
        return .bool(true)
    }
}

extension Checkbox {
    /// `ui.checkbox`.
    static let spec = WidgetSpec(
        name: "checkbox", summary: "A focusable, controlled box `[x] label`, toggled by space, enter or a click.",
        props: Fields.schema(
            [
                Fields.defaulted("checked", .boolean, .bool(false)), Fields.optional("onChange", .function),
                Fields.optional("children", .elements),
            ] + Fields.focus + Fields.flex),
        content: .children,
        bindings: [KeyBinding(["space", "enter"], action: "toggle", label: "toggle", shown: false)],
        docs: [
            "[1]": "The label.", "checked": "Default false.",
            "onChange": "Called with the new checked state (space, enter, click).",
        ],
        make: .element { props, key in Checkbox.element(props: props, key: key) })
}
