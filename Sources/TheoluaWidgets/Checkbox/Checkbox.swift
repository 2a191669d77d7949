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
        Checkbox(
            label: Toggle.label(of: props), checked: props["checked"]?.boolValue ?? false,
            onChange: props["onChange"]?.handlerValue,
            box: props.filter { !["checked", "onChange", "children"].contains($0) }
        ).element(key: key)
    }

    func render(_ context: ComponentContext<Checkbox>) -> [Element] {
        let theme = Theme.colors(for: context)
        let props = Toggle.row(box, context: context)
        let mark: Element = .text(checked ? "[x]" : "[ ]", ["color": checked ? theme["accent"] ?? .null : .null])
        return [.box(props, children: [mark, .text(label, ["color": theme["text"] ?? .null])])]
    }

    func performReturningValue(_ action: String, _ arguments: [Value], _ context: ComponentContext<Checkbox>)
        -> Value?
    {
        Toggle.perform(
            action, arguments, value: checked, onChange: onChange, bindings: Self.spec.bindings, context: context)
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
