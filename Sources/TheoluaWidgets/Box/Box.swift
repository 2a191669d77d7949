import TheoluaCore

extension BoxWidget {
    /// `ui.box`.
    static let spec = WidgetSpec(
        name: "box", summary: "A flexbox container laying its children out in a column (or a row).",
        props: RecordSchema(fields: [Fields.optional("direction", Fields.direction)] + Fields.boxLayout),
        content: .children, docs: ["direction": "Default \"column\"."], make: .primitive(primitive))

    /// `ui.row`, `ui.column` and `ui.spacer`: boxes whose direction is fixed.
    private static let fixedBox = RecordSchema(fields: Fields.boxLayout)

    /// `ui.row`.
    static let rowSpec = WidgetSpec(
        name: "row", summary: "A box laying its children out in a row.", props: fixedBox, content: .children,
        presets: ["direction": "row"], make: .primitive(primitive))

    /// `ui.column`.
    static let columnSpec = WidgetSpec(
        name: "column", summary: "A box laying its children out in a column.", props: fixedBox,
        content: .children, presets: ["direction": "column"], make: .primitive(primitive))

    /// `ui.spacer`.
    static let spacerSpec = WidgetSpec(
        name: "spacer", summary: "An empty box that grows to take the free space.", props: fixedBox,
        presets: ["grow": 1], make: .primitive(primitive))
}

extension Element {
    /// A box primitive laying out `children` with `props`.
    public static func box(_ props: Record = Record(), key: Key? = nil, children: [Element]) -> Element {
        .host(BoxWidget.primitive.kind, props: props, children: children, key: key)
    }

    /// A box laying out `children` in a row.
    public static func row(_ props: Record = Record(), key: Key? = nil, children: [Element]) -> Element {
        .box(props.setting("direction", to: "row"), key: key, children: children)
    }

    /// A box laying out `children` in a column.
    public static func column(_ props: Record = Record(), key: Key? = nil, children: [Element]) -> Element {
        .box(props.setting("direction", to: "column"), key: key, children: children)
    }

    /// An empty box that grows to take free space.
    public static func spacer(key: Key? = nil) -> Element {
        .box(["grow": 1], key: key, children: [])
    }
}
