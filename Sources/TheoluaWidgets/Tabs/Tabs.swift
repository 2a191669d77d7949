import TheoluaCore

/// `ui.tabs { selected = i, onChange = h, { title = "…", content... }, ... }`: a tab bar
/// and the selected tab's content. Controlled: left and right (wrapping), the number
/// keys 1 to 9 and a click on a title call `onChange(i)`; the app keeps `selected`.
/// The selected title takes the theme's `accent`, the others its `muted` color.
struct Tabs: Component {
    var titles: [String]
    var contents: [[Element]]
    var selected: Int
    var onChange: Handler?
    /// The box props passed on (sizes, `grow`, `border`, `id`, `autoFocus`, …).
    var box: Record

    static let name = "tabs"

    /// The element for validated script props.
    static func element(props: Record, key: Key?) -> Element {
        let items = props["items"]?.arrayValue?.values.compactMap(\.recordValue) ?? []
        return Tabs(
            titles: items.map { $0["title"]?.stringValue ?? "" },
            contents: items.map { $0["children"]?.arrayValue?.values.compactMap(\.elementValue) ?? [] },
            selected: props["selected"]?.intValue ?? 1, onChange: props["onChange"]?.handlerValue,
            box: props.filter { !["selected", "onChange", "items"].contains($0) }
        ).element(key: key)
    }

    /// `selected`, within the tabs there are.
    private var current: Int { min(max(selected, 1), max(titles.count, 1)) }

    func render(_ context: ComponentContext<Tabs>) -> [Element] {
        let theme = Theme.colors(for: context)
        var bar: [Element] = []
        for (index, title) in titles.enumerated() {
            if index > 0 { bar.append(.text("│", ["color": theme["muted"] ?? .null])) }
            let isSelected = index + 1 == current
            bar.append(
                .text(
                    " \(title) ",
                    [
                        "color": (isSelected ? theme["accent"] : theme["muted"]) ?? .null, "bold": .bool(isSelected),
                        "wrap": "none", "onClick": .handler(context.handler("pick", .int(index + 1))),
                    ]))
        }
        let tabBar: Element = .row(
            [
                "focusable": true, "onKey": .handler(context.handler("key")), "id": box["id"] ?? .null,
                "autoFocus": box["autoFocus"] ?? .null, "onFocus": box["onFocus"] ?? .null,
                "onBlur": box["onBlur"] ?? .null,
            ], children: bar)
        let content: Element = .column(
            ["grow": 1], children: contents.indices.contains(current - 1) ? contents[current - 1] : [])
        let outer = box.filter { !["id", "autoFocus", "onFocus", "onBlur"].contains($0) }
        return [.column(outer, children: [tabBar, content])]
    }

    func performReturningValue(_ action: String, _ arguments: [Value], _ context: ComponentContext<Tabs>) -> Value? {
        let target: Int
        switch action {
        case "pick":
            target = arguments.first?.intValue ?? current
        case "key":
            guard !titles.isEmpty else { return .bool(false) }
            switch KeyBinding.action(forEvent: arguments.first, in: Self.spec.bindings) {
            case "previous": target = current == 1 ? titles.count : current - 1
            case "next": target = current == titles.count ? 1 : current + 1
            case "choose":
                let name = arguments.first?.recordValue?["name"]?.stringValue ?? ""
                guard let number = Int(name), number <= titles.count else { return .bool(false) }
                target = number
            default: return .bool(false)
            }
        default: return nil
        }
        if target != current, let onChange { context.call(onChange, [.int(target)]) }
        return .bool(true)
    }
}

extension Tabs {
    /// `ui.tabs`.
    static let spec = WidgetSpec(
        name: "tabs", summary: "A tab bar and the selected tab's content; each array item is a tab.",
        props: Fields.schema(
            [
                Fields.defaulted("selected", .integer(min: 1, max: nil), 1), Fields.optional("onChange", .function),
                Fields.optional("height", .integer(min: 0, max: nil)),
            ] + Fields.focus + Fields.flex),
        content: .items(Fields.schema([Fields.required("title", .string)])),
        bindings: [
            KeyBinding(["left"], action: "previous", label: "previous tab", shown: false),
            KeyBinding(["right"], action: "next", label: "next tab", shown: false),
            KeyBinding((1...9).map(String.init), action: "choose", label: "that tab", display: "1-9", shown: false),
        ],
        docs: [
            "selected": "The selected tab, from 1 (default 1).",
            "onChange": "Called with the tab to select (left, right, 1-9, click).",
            "[item]": FieldDoc("One tab of ui.tabs: its title, and its content as array items.", type: "Tab"),
        ],
        make: .element { props, key in Tabs.element(props: props, key: key) })
}
