import TheoluaCore

extension TextWidget {
    /// `ui.text`.
    static let spec = WidgetSpec(
        name: "text",
        summary:
            "A paragraph of text, wrapped to its box: its array items are the text, strings and ui.span runs of their own look.",
        props: RecordSchema(
            fields: Fields.textStyle + Fields.sizing + [
                Fields.optional("wrap", .enumeration(["word", "char", "none", "ellipsis"])),
                Fields.optional("align", .enumeration(["left", "center", "right"])),
                Fields.optional("link", .string), Fields.optional("runs", .array(of: .record(runSchema))),
                Fields.optional("onClick", .function), Fields.optional("onMouse", .function),
            ]),
        content: .text,
        docs: [
            "wrap": "Default \"word\".", "align": "Default \"left\".",
            "link": "A URL: the text is a hyperlink (OSC 8) where the terminal supports it.",
            "runs":
                "The styled runs, for Swift hosts: records { text = ..., bold = true, ... }, each a run of its own look; or a stream, where a record without text sets the look of what follows, a string is a run of that look, and an integer n the next n bytes of the text (the ui.span items make these).",
            "[integer]": FieldDoc(
                "The text: strings, and ui.span runs of their own look.",
                type: "string|number|theolua.Span|theolua.Element|false|nil"),
        ],
        make: .primitive(primitive))

    /// `ui.span`: a run of a paragraph with a look of its own, among the items of a
    /// `ui.text` (spans nest, and inherit what they do not set). Alone, it is a text.
    static let spanSpec = WidgetSpec(
        name: "span",
        summary:
            "A run of a ui.text with a look of its own (spans nest and inherit); the paragraph wraps as one.",
        props: RecordSchema(fields: Fields.textStyle + [Fields.optional("link", .string)]),
        content: .run,
        docs: [
            "link": "A URL: the run is a hyperlink (OSC 8) where the terminal supports it.",
            "[integer]": FieldDoc(
                "The run's text: strings, and spans within it.", type: "string|number|theolua.Span|false|nil"),
        ],
        make: .primitive(primitive))

    /// A run as the `runs` prop holds it: its text and the look it sets.
    static let runSchema = RecordSchema(
        fields: [Fields.required("text", .string)] + Fields.textStyle + [Fields.optional("link", .string)])
}
