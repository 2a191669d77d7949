import TheoluaCore

extension InputWidget {
    /// What an input takes: its value and handlers, how it looks and sizes, and focus.
    static let fields: [SchemaField] =
        Fields.textStyle + Fields.sizing + [
            Fields.optional("value", .string), Fields.optional("onChange", .function),
            Fields.optional("onSubmit", .function), Fields.optional("placeholder", .string),
            Fields.optional("autoFocus", .boolean), Fields.optional("focusable", .boolean),
            Fields.optional("onKey", .function), Fields.optional("id", .string), Fields.optional("onFocus", .function),
            Fields.optional("onBlur", .function), Fields.optional("border", Fields.border),
            Fields.optional("borderColor", .color), Fields.optional("keys", Fields.keyBindings),
            Fields.optional("mask", .string), Fields.optional("cursor", .integer(min: 0, max: nil)),
            Fields.optional("suggestions", .oneOf([.array(of: .string), .function])),
            Fields.optional("validate", .function),
        ]

    /// The fields of an input that a textarea does not take.
    static let oneLineFields: Set<String> = ["onSubmit", "mask", "suggestions", "validate"]

    /// `ui.input`.
    static let spec = WidgetSpec(
        name: "input", summary: "A focusable, controlled one-line text field.", props: RecordSchema(fields: fields),
        docs: [
            "value": "The text shown (the input is controlled).",
            "onChange": "Called with the new value after each edit.",
            "onSubmit": "Called with the value on enter (unless validate refuses it).",
            "placeholder": "Shown dimmed while the value is empty.",
            "mask": "Shown for each character instead of it (\"•\"), for secrets.",
            "cursor": "Where the cursor starts in a value the parent sets (characters before it); default the end.",
            "suggestions": FieldDoc(
                "Completions: the rest of the first that continues the value is shown dimmed; tab or right takes it.",
                type: "string[]|fun(text: string): string[]"),
            "validate": FieldDoc(
                "Called with the value on enter: a message it returns is shown and holds back onSubmit.",
                type: "fun(text: string): string?"),
        ],
        make: .primitive(primitive))
}

extension Element {
    /// A controlled one-line text field.
    public static func input(_ props: Record, key: Key? = nil) -> Element {
        .host(InputWidget.primitive.kind, props: props, key: key)
    }
}
