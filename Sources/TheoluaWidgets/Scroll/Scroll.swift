import TheoluaCore

extension BoxWidget {
    /// `ui.scroll`.
    static let scrollSpec = WidgetSpec(
        name: "scroll", summary: "A focusable column that scrolls; only what is in view is laid out and painted.",
        props: RecordSchema(fields: Fields.boxLayout + [Fields.optional("follow", .boolean)]), content: .children,
        docs: ["follow": "Keep the end in view as children are added."], make: .primitive(scrollPrimitive))
}

extension Element {
    /// A scrolling column of `children`.
    public static func scroll(_ props: Record = Record(), key: Key? = nil, children: [Element]) -> Element {
        .host(BoxWidget.scrollPrimitive.kind, props: props, children: children, key: key)
    }
}
