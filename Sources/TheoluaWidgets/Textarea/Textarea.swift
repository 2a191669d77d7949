import TheoluaCore

extension TextareaWidget {
    /// `ui.textarea`: the input's props, `rows` (its height when it is given none) and
    /// `wrap`.
    static let spec = WidgetSpec(
        name: "textarea", summary: "A focusable, controlled multi-line text editor that wraps.",
        props: RecordSchema(
            fields: InputWidget.fields.filter { !InputWidget.oneLineFields.contains($0.name) } + [
                Fields.optional("rows", .integer(min: 1, max: SchemaType.maximumCells)),
                Fields.optional("wrap", .enumeration(["word", "char"])),
                Fields.optional("lineNumbers", .boolean), Fields.optional("scrollbar", .boolean),
                Fields.optional("highlight", .function),
                Fields.optional("onCursor", .function),
            ]),
        docs: [
            "value": "The text shown (the textarea is controlled).",
            "onChange": "Called with the new value after each edit.",
            "placeholder": "Shown dimmed while the value is empty.",
            "rows": "Its height in lines when no height, grow or basis is given (default 3).",
            "wrap": "Where rows break (default \"word\").",
            "cursor": "Where the cursor starts in a value the parent sets (characters before it); default the start.",
            "lineNumbers": "Draws each line's number before it, dimmed.",
            "scrollbar": "A scrollbar at the right: where the lines in view are; press or drag it to scroll.",
            "highlight": FieldDoc(
                "Styles a line: called with the line and its number, returns a list of { from, to, style }"
                    + " (bytes from 1, inclusive, as string.find gives them; style a color name or a table of"
                    + " color, bg, bold, italic, underline, strikethrough, dim, inverse). Asked again only for a"
                    + " line whose text or number changed.",
                type: "fun(line: string, number: integer): ({ [1]: integer, [2]: integer, [3]: string|table })[]"),
            "onCursor": FieldDoc(
                "Called with { line, column } (from 1, in characters) when the cursor moves.",
                type: "fun(position: { line: integer, column: integer })"),
        ],
        make: .primitive(primitive))
}

extension Element {
    /// A controlled multi-line text editor (`ui.textarea`).
    public static func textarea(_ props: Record, key: Key? = nil) -> Element {
        .host(TextareaWidget.primitive.kind, props: props, key: key)
    }
}
