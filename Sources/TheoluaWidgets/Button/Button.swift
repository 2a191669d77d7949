import TheoluaCore

extension ButtonWidget {
    /// `ui.button`.
    static let spec = WidgetSpec(
        name: "button", summary: "A focusable label that calls onPress on enter, space or a click.",
        props: RecordSchema(
            fields: Fields.textStyle.filter { $0.name != "bg" } + Fields.boxLayout + [
                Fields.optional("onPress", .function)
            ]),
        content: .text,
        docs: [
            "onPress": "Called with no arguments on enter, space or a click.",
            "[integer]": FieldDoc("The label.", type: "string|number"),
        ],
        make: .primitive(primitive))
}

extension Element {
    /// A button labelled `label` that calls `onPress` when pressed.
    public static func button(_ label: String, onPress: Handler?, _ props: Record = Record(), key: Key? = nil)
        -> Element
    {
        var props = props.setting("text", to: .string(label))
        if let onPress { props = props.setting("onPress", to: .handler(onPress)) }
        return .host(ButtonWidget.primitive.kind, props: props, key: key)
    }
}
