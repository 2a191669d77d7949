import TheoluaCore

/// `ui.chart { values = { ... }, kind = "line" | "bar" }`: one series of numbers, or
/// several (a list of lists), drawn as braille lines or block bars over the box's
/// width, with a y axis labelled with the range, an x axis, and a legend of `labels`.
struct Chart: Component {
    var series: [[Double]]
    var kind: String
    var min: Double?
    var max: Double?
    var labels: [String]
    var colors: [Value]
    /// The box props passed on (`width`, `height`, `grow`, `shrink`).
    var box: Record

    static let name = "chart"

    /// The colors of the series after the first (which takes the theme's accent).
    static let palette: [Value] = ["magenta", "yellow", "green", "blue", "red"]

    /// The element for validated script props.
    static func element(props: Record, key: Key?) -> Element {
        let items = props["values"]?.arrayValue?.values ?? []
        let series: [[Double]] =
            items.contains(where: { $0.arrayValue != nil })
            ? items.map { $0.arrayValue?.values.compactMap(\.doubleValue) ?? [] }
            : [items.compactMap(\.doubleValue)]
        return Chart(
            series: series, kind: props["kind"]?.stringValue ?? "line", min: props["min"]?.doubleValue,
            max: props["max"]?.doubleValue,
            labels: props["labels"]?.arrayValue?.values.compactMap(\.stringValue) ?? [],
            colors: props["colors"]?.arrayValue?.values ?? [],
            box: props.filter { ["width", "height", "grow", "shrink"].contains($0) }
        ).element(key: key)
    }

    func render(_ context: ComponentContext<Chart>) -> [Element] {
        let theme = Theme.colors(for: context)
        let colors = series.indices.map { index -> Value in
            if index < self.colors.count { return self.colors[index] }
            return index == 0 ? theme["accent"] ?? .null : Self.palette[(index - 1) % Self.palette.count]
        }
        var plot: Record = [
            "kind": .string(kind),
            "series": .array(
                ValueArray(
                    zip(series, colors).map { values, color in
                        .record(["values": .array(ValueArray(values.map(Value.double))), "color": color])
                    })),
            "axis": theme["muted"] ?? .null, "grow": 1, "shrink": 1, "minHeight": 1,
        ]
        if let min { plot["min"] = .double(min) }
        if let max { plot["max"] = .double(max) }
        var props = box.setting("direction", to: "column")
        if props["height"] == nil { props["height"] = .int(labels.isEmpty ? 8 : 9) }
        var children: [Element] = [.host("chartPlot", props: plot, children: [])]
        if !labels.isEmpty {
            // The legend: a mark in each series' color and its label.
            var entries: [Element] = []
            for (index, label) in labels.enumerated() where index < colors.count {
                entries.append(.text("■", ["color": colors[index]]))
                entries.append(.text(label + "  ", ["color": theme["text"] ?? .null, "wrap": "none"]))
            }
            children.append(.box(["direction": "row", "gap": 1, "shrink": 0, "height": 1], children: entries))
        }
        return [.box(props, children: children)]
    }
}

extension Chart {
    /// `ui.chart`.
    static let spec = WidgetSpec(
        name: "chart",
        summary: "A chart of one series or several: braille lines or block bars, with axes and a legend.",
        props: Fields.schema(
            [
                Fields.required("values", .oneOf([.array(of: Fields.number), .array(of: .array(of: Fields.number))])),
                Fields.defaulted("kind", .enumeration(["line", "bar"]), "line"),
                Fields.optional("min", Fields.number), Fields.optional("max", Fields.number),
                Fields.optional("labels", .array(of: .string)), Fields.optional("colors", .array(of: .color)),
                Fields.width, Fields.optional("height", .integer(min: 1, max: SchemaType.maximumCells)),
            ] + Fields.flex),
        docs: [
            "values": FieldDoc("A series, oldest first, or a list of series.", type: "number[]|number[][]"),
            "kind": "\"line\" (braille dots) or \"bar\" (blocks); default \"line\".",
            "min": "The bottom of the y axis; default the smallest value (or 0 when none is below it).",
            "max": "The top of the y axis; default the largest value.",
            "labels": "The series' names, shown in a legend under the chart.",
            "colors": "The series' colors; default the theme's accent, then magenta, yellow, green, blue, red.",
            "width": "Cells; in a column it takes the column's width.",
            "height": "Rows, axis and legend included; default 8 (9 with labels).",
        ],
        make: .element { props, key in Chart.element(props: props, key: key) })
}

extension Element {
    /// A chart of `series` (`ui.chart`): lines, or bars.
    public static func chart(
        _ series: [[Double]], bars: Bool = false, labels: [String] = [], height: Int? = nil, key: Key? = nil
    ) -> Element {
        var props: Record = [
            "values": .array(ValueArray(series.map { .array(ValueArray($0.map(Value.double))) })),
            "kind": bars ? "bar" : "line",
        ]
        if !labels.isEmpty { props["labels"] = .array(ValueArray(labels.map(Value.string))) }
        if let height { props["height"] = .int(height) }
        return Chart.element(props: props, key: key)
    }
}
