import TheoluaCanvas
import TheoluaCore

/// `ui.sparkline { values = { 3, 7, 2, 9 } }`: a row of bars, one cell per value, from
/// `▁` at `min` to `█` at `max`, in the theme's `accent`. A box narrower than the
/// values shows the last ones (a series that grows scrolls left); an optional label
/// goes after it.
struct Sparkline: Component {
    var values: [Double]
    var min: Double?
    var max: Double?
    var color: Value?
    var label: String?
    /// The box props passed on (`width`, `grow`, `shrink`).
    var box: Record

    static let name = "sparkline"

    /// The element for validated script props.
    static func element(props: Record, key: Key?) -> Element {
        Sparkline(
            values: props["values"]?.arrayValue?.values.compactMap(\.doubleValue) ?? [],
            min: props["min"]?.doubleValue, max: props["max"]?.doubleValue, color: props["color"],
            label: props["label"]?.stringValue, box: props.filter { ["width", "grow", "shrink"].contains($0) }
        ).element(key: key)
    }

    func render(_ context: ComponentContext<Sparkline>) -> [Element] {
        let theme = Theme.colors(for: context)
        // The box grows and shrinks as asked; `width` is the bars'.
        let props = box.removing("width").setting("direction", to: "row").setting("gap", to: 1)
        var bars: Record = [
            "values": .array(ValueArray(values.map(Value.double))), "color": color ?? theme["accent"] ?? .null,
            "height": 1, "shrink": 1,
        ]
        if let min { bars["min"] = .double(min) }
        if let max { bars["max"] = .double(max) }
        if let width = box["width"] {
            bars["width"] = width
        } else if box["grow"] != nil {
            bars["grow"] = 1
        } else {
            // As wide as its values; narrower when the room is.
            bars["width"] = .int(values.count)
        }
        let drawing: Element = .host("sparklineBars", props: bars, children: [])
        guard let label else { return [.box(props, children: [drawing])] }
        return [.box(props, children: [drawing, .text(label, ["color": theme["text"] ?? .null])])]
    }
}

extension Sparkline {
    /// `ui.sparkline`.
    static let spec = WidgetSpec(
        name: "sparkline",
        summary: "A row of bars (▁ to █), one cell per value, the last ones when narrower, with an optional label.",
        props: Fields.schema(
            [
                Fields.required("values", .array(of: Fields.number)), Fields.optional("min", Fields.number),
                Fields.optional("max", Fields.number), Fields.optional("color", .color), Fields.optional("label", .string),
                Fields.width,
            ] + Fields.flex),
        docs: [
            "values": "The series, oldest first.",
            "min": "The value drawn as ▁; default the smallest value (or 0 when none is below it).",
            "max": "The value drawn as █; default the largest value.",
            "color": "The bars' color; default the theme's accent.",
            "label": "Shown after the bars.",
            "width": "Cells; default one per value. Narrower, the last values show.",
        ],
        make: .element { props, key in Sparkline.element(props: props, key: key) })
}

extension Element {
    /// A sparkline of `values` (`ui.sparkline`).
    public static func sparkline(_ values: [Double], min: Double? = nil, max: Double? = nil, key: Key? = nil)
        -> Element
    {
        var props: Record = ["values": .array(ValueArray(values.map(Value.double)))]
        if let min { props["min"] = .double(min) }
        if let max { props["max"] = .double(max) }
        return Sparkline.element(props: props, key: key)
    }
}
