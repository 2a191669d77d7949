import TheoluaCore

extension BoxWidget {
    /// `ui.scroll`.
    static let scrollSpec = WidgetSpec(
        name: "scroll", summary: "A focusable column that scrolls; only what is in view is laid out and painted.",
        props: RecordSchema(fields: Fields.boxLayout + scrollFields), content: .children,
        docs: scrollDocs, make: .primitive(scrollPrimitive))

    /// What a scroll takes beyond a box's props (`ui.scroll`, `ui.markdown`).
    static let scrollFields: [SchemaField] = [
        Fields.optional("follow", .boolean), Fields.optional("scrollbar", .boolean), Fields.optional("scrollX", .boolean),
    ]

    static let scrollDocs: [String: FieldDoc] = [
        "follow": "Keep the end in view as children are added.",
        "scrollbar": "A scrollbar at the right: where the view is among the children; press or drag it to scroll.",
        "scrollX": "Children as wide as they are, scrolled sideways with left, right and shift+wheel.",
    ]
}

extension Element {
    /// A scrolling column of `children`.
    public static func scroll(_ props: Record = Record(), key: Key? = nil, children: [Element]) -> Element {
        .host(BoxWidget.scrollPrimitive.kind, props: props, children: children, key: key)
    }
}
