import TheoluaCore

extension TextWidget {
    /// `ui.text`.
    static let spec = WidgetSpec(
        name: "text", summary: "A run of text, wrapped to its box: its array items (strings) are the text.",
        props: RecordSchema(
            fields: Fields.textStyle + Fields.sizing + [
                Fields.optional("wrap", .enumeration(["word", "char", "none", "ellipsis"])),
                Fields.optional("align", .enumeration(["left", "center", "right"])),
                Fields.optional("onClick", .function), Fields.optional("onMouse", .function),
            ]),
        content: .text, docs: ["wrap": "Default \"word\".", "align": "Default \"left\"."],
        make: .primitive(primitive))
}
