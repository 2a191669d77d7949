import TheoluaCore

/// `ui.progress { value = 0.42, label = "42%" }`: a bar as wide as its box, filled to
/// `value` (0 to 1) in eighths of a cell, in the theme's `accent` on a `muted` track,
/// with an optional label after it.
struct Progress: Component {
    var value: Double
    var label: String?
    /// The box props passed on (`width`, `grow`, `shrink`).
    var box: Record

    static let name = "progress"

    /// The element for validated script props.
    static func element(props: Record, key: Key?) -> Element {
        Progress(
            value: props["value"]?.doubleValue ?? 0, label: props["label"]?.stringValue,
            box: props.filter { ["width", "grow", "shrink"].contains($0) }
        ).element(key: key)
    }

    func render(_ context: ComponentContext<Progress>) -> [Element] {
        let theme = Theme.colors(for: context)
        var props = box.setting("direction", to: "row").setting("gap", to: 1)
        if props["width"] == nil { props = props.setting("minWidth", to: 10) }
        let bar: Element = .host(
            "progressBar",
            props: [
                "value": .double(value), "color": theme["accent"] ?? .null, "track": theme["muted"] ?? .null,
                "grow": 1, "height": 1,
            ], children: [])
        guard let label else { return [.box(props, children: [bar])] }
        return [.box(props, children: [bar, .text(label, ["color": theme["text"] ?? .null])])]
    }
}

extension Progress {
    /// `ui.progress`.
    static let spec = WidgetSpec(
        name: "progress", summary: "A bar filled to `value` (0 to 1) in eighths of a cell, with an optional label.",
        props: Fields.schema(
            [
                Fields.required("value", .number(min: 0, max: 1)), Fields.optional("label", .string), Fields.width,
            ] + Fields.flex),
        docs: [
            "value": "From 0 to 1.", "label": "Shown after the bar.",
            "width": "Cells; in a column it takes the column's width.",
        ],
        make: .element { props, key in Progress.element(props: props, key: key) })
}
