import TheoluaCore

/// `ui.radio { options = { "a", "b" }, value = v, onChange = h }`: a focusable,
/// controlled group of options of which one is chosen, each drawn `(•) option` or
/// `( ) option`, in a column (or a row with `direction = "row"`). The arrows move the
/// choice (up and left to the one before, down and right to the one after), home and end
/// to the first and the last, and a click chooses an option: each calls
/// `onChange(option)`; the app keeps `value`. The chosen mark takes the theme's `accent`.
struct Radio: Component {
    var options: [String]
    var value: String?
    var onChange: Handler?
    /// The box props passed on (`direction`, `gap`, `grow`, `shrink`, `id`, …).
    var box: Record

    static let name = "radio"

    /// The element for validated script props.
    static func element(props: Record, key: Key?) -> Element {
        Radio(
            options: props["options"]?.arrayValue?.values.compactMap(\.stringValue) ?? [],
            value: props["value"]?.stringValue, onChange: props["onChange"]?.handlerValue,
            box: props.filter { !["options", "value", "onChange"].contains($0) }
        ).element(key: key)
    }

    func render(_ context: ComponentContext<Radio>) -> [Element] {
        let theme = Theme.colors(for: context)
        var props = box.setting("focusable", to: true).setting("onKey", to: .handler(context.handler("key")))
        if props["direction"] == nil { props = props.setting("direction", to: "column") }
        if props["direction"]?.stringValue == "row" && props["gap"] == nil { props = props.setting("gap", to: 2) }
        let rows = options.enumerated().map { index, option -> Element in
            let chosen = option == value
            return .row(
                ["gap": 1, "onClick": .handler(context.handler("choose", .int(index))), "key": .int(index)],
                children: [
                    .text(
                        chosen ? "(•)" : "( )", ["color": chosen ? theme["accent"] ?? .null : .null, "wrap": "none"]),
                    .text(option, ["color": theme["text"] ?? .null]),
                ])
        }
        return [.box(props, children: rows)]
    }

    func performReturningValue(_ action: String, _ arguments: [Value], _ context: ComponentContext<Radio>) -> Value? {
        guard !options.isEmpty else { return action == "key" ? .bool(false) : nil }
        let current = value.flatMap { options.firstIndex(of: $0) }
        let target: Int
        switch action {
        case "choose":
            target = arguments.first?.intValue ?? 0
        case "key":
            switch KeyBinding.action(forEvent: arguments.first, in: Self.spec.bindings) {
            case "previous": target = max(0, (current ?? 0) - 1)
            case "next": target = current.map { min(options.count - 1, $0 + 1) } ?? 0
            case "first": target = 0
            case "last": target = options.count - 1
            default: return .bool(false)
            }
        default:
            return nil
        }
        guard options.indices.contains(target) else { return .bool(false) }
        if target != current, let onChange { context.call(onChange, [.string(options[target])]) }
        return .bool(true)
    }
}

extension Radio {
    /// `ui.radio`.
    static let spec = WidgetSpec(
        name: "radio", summary: "A focusable, controlled group of options of which one is chosen, `(•) option`.",
        props: Fields.schema(
            [
                Fields.required("options", .array(of: .string)), Fields.optional("value", .string),
                Fields.optional("onChange", .function), Fields.optional("direction", .enumeration(["column", "row"])),
                Fields.optional("gap", .integer(min: 0, max: SchemaType.maximumCells)),
            ] + Fields.focus + Fields.flex),
        bindings: [
            KeyBinding(
                ["up", "left"], action: "previous", label: "choose the option before", display: "↑←", shown: false),
            KeyBinding(
                ["down", "right"], action: "next", label: "choose the option after", display: "↓→", shown: false),
            KeyBinding(["home"], action: "first", label: "choose the first", shown: false),
            KeyBinding(["end"], action: "last", label: "choose the last", shown: false),
        ],
        docs: [
            "options": "The options, one of which is chosen.", "value": "The chosen option.",
            "onChange": "Called with the option chosen (arrows, home, end, click).",
            "direction": "One under the other (default) or side by side.", "gap": "Cells between options.",
        ],
        make: .element { props, key in Radio.element(props: props, key: key) })
}
