import TheoluaCanvas
import TheoluaCore

/// `ui.select { options = { "a", "b" }, value = v, onChange = h }`: a closed field showing
/// the value; enter, space or a click opens the options in a layer below it (above it
/// when there is no room), where up and down move, enter or a click picks
/// (`onChange(option)`), and esc closes. Controlled: the app keeps `value`.
struct Select: Component {
    var options: [String]
    var value: String?
    var placeholder: String
    var onChange: Handler?
    /// The box props passed on (`width`, `grow`, `shrink`, `id`, `autoFocus`, …).
    var box: Record

    static let name = "select"

    struct State: Equatable, Sendable {
        var open = false
        var highlighted = 0
    }

    static func initialState(_ props: Select) -> State { State() }

    /// The element for validated script props.
    static func element(props: Record, key: Key?) -> Element {
        Select(
            options: props["options"]?.arrayValue?.values.compactMap(\.stringValue) ?? [],
            value: props["value"]?.stringValue, placeholder: props["placeholder"]?.stringValue ?? "",
            onChange: props["onChange"]?.handlerValue,
            box: props.filter { !["options", "value", "placeholder", "onChange"].contains($0) }
        ).element(key: key)
    }

    func render(_ context: ComponentContext<Select>) -> [Element] {
        let theme = Theme.colors(for: context)
        var field = box.setting("direction", to: "row").setting("border", to: "single")
            .setting("borderColor", to: theme["border"] ?? .null).setting("focusable", to: true)
            .setting("onKey", to: .handler(context.handler("fieldKey")))
            .setting("onClick", to: .handler(context.handler("open")))
        if box["width"] == nil && box["grow"] == nil {
            let widest = ([placeholder] + options).map { UnicodeWidth.of($0) }.max() ?? 0
            field = field.setting("width", to: .int(widest + 4))
        }
        let shown: Element =
            if let value {
                .text(value, ["color": theme["text"] ?? .null, "wrap": "ellipsis"])
            } else {
                .text(placeholder, ["color": theme["muted"] ?? .null, "wrap": "ellipsis"])
            }
        var children: [Element] = [shown, .spacer(), .text("▾", ["color": theme["muted"] ?? .null])]
        if context.state.open {
            let items = options.enumerated().map { index, option in
                Element.text(
                    option,
                    [
                        "bg": index == context.state.highlighted ? theme["selected"] ?? .null : .null,
                        "wrap": "ellipsis", "onClick": .handler(context.handler("pick", .int(index))),
                    ])
            }
            let list: Element = .column(
                [
                    "focusable": true, "onKey": .handler(context.handler("listKey")),
                    "keys": KeyBinding.declaration(of: Self.listBindings),
                ],
                children: items)
            children.append(
                .layer(
                    [
                        "anchor": "parent", "modal": true, "dim": false, "border": "single",
                        "borderColor": theme["border"] ?? .null, "onClose": .handler(context.handler("close")),
                    ], children: [list]))
        }
        return [.box(field, children: children)]
    }

    func performReturningValue(_ action: String, _ arguments: [Value], _ context: ComponentContext<Select>)
        -> Value?
    {
        switch action {
        case "fieldKey":
            guard KeyBinding.action(forEvent: arguments.first, in: Self.spec.bindings) == "open" else {
                return .bool(false)
            }
            open(context)
        case "open":
            open(context)
        case "close":
            context.mutateState { $0.open = false }
        case "listKey":
            switch KeyBinding.action(forEvent: arguments.first, in: Self.listBindings) {
            case "previous": context.mutateState { $0.highlighted = max(0, $0.highlighted - 1) }
            case "next":
                let last = max(0, options.count - 1)
                context.mutateState { $0.highlighted = min(last, $0.highlighted + 1) }
            case "first": context.mutateState { $0.highlighted = 0 }
            case "last": context.mutateState { [count = options.count] in $0.highlighted = max(0, count - 1) }
            case "pick": pick(context.state.highlighted, context)
            default: return .bool(false)
            }
        case "pick":
            pick(arguments.first?.intValue ?? 0, context)
        default:
            return nil
        }
        return .bool(true)
    }

    /// The keys the open list answers; those shown are listed by `ui.keyhints` while it
    /// is open (esc, which closes it, is the layer's).
    static let listBindings: [KeyBinding] = [
        KeyBinding(["up"], action: "previous", label: "move", display: "↑↓"),
        KeyBinding(["down"], action: "next", label: "move", shown: false),
        KeyBinding(["home"], action: "first", label: "first option", shown: false),
        KeyBinding(["end"], action: "last", label: "last option", shown: false),
        KeyBinding(["enter", "space"], action: "pick", label: "pick"),
        KeyBinding(["esc"], label: "close"),
    ]

    /// Opens the options with the current value highlighted.
    private func open(_ context: ComponentContext<Select>) {
        let current = value.flatMap { options.firstIndex(of: $0) } ?? 0
        context.updateState(State(open: true, highlighted: current))
    }

    /// Picks option `index` and closes the options.
    private func pick(_ index: Int, _ context: ComponentContext<Select>) {
        context.mutateState { $0.open = false }
        guard options.indices.contains(index), let onChange else { return }
        context.call(onChange, [.string(options[index])])
    }
}

extension Select {
    /// `ui.select`.
    static let spec = WidgetSpec(
        name: "select", summary: "A closed field showing `value` that opens its `options` in a layer to pick from.",
        props: Fields.schema(
            [
                Fields.required("options", .array(of: .string)), Fields.optional("value", .string),
                Fields.defaulted("placeholder", .string, ""), Fields.optional("onChange", .function), Fields.width,
            ] + Fields.focus + Fields.flex),
        bindings: [KeyBinding(["enter", "space", "down"], action: "open", label: "open", shown: false)],
        docs: [
            "options": "The choices, in order.", "value": "The option shown (controlled).",
            "placeholder": "Shown, muted, when there is no value.",
            "onChange": "Called with the option picked.",
        ],
        make: .element { props, key in Select.element(props: props, key: key) })
}
