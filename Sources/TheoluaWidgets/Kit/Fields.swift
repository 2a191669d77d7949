import TheoluaCore

/// Props schemas as widgets write them: fields declared in a line each, and the pieces
/// widgets share (box sizing, focus, text style), so that a prop means the same in every
/// widget that takes it.
public enum Fields {
    /// A field that may be absent.
    public static func optional(_ name: String, _ type: SchemaType) -> SchemaField {
        SchemaField(name: name, type: type, optional: true)
    }

    /// A field that must be there.
    public static func required(_ name: String, _ type: SchemaType) -> SchemaField {
        SchemaField(name: name, type: type)
    }

    /// A field that is `value` when absent.
    public static func defaulted(_ name: String, _ type: SchemaType, _ value: Value) -> SchemaField {
        SchemaField(name: name, type: type, defaultValue: value)
    }

    /// A schema of `fields`, in the order the schema language gives them (by name), so
    /// that a widget reports mistakes as one written in Lua would.
    public static func schema(_ fields: [SchemaField]) -> RecordSchema {
        RecordSchema(fields: fields.sorted { $0.name < $1.name })
    }

    /// Any number (`"number?"` in the schema language).
    public static let number = SchemaType.number(min: nil, max: nil)

    /// How a widget that is a box in a row or a column sizes itself: `grow` and `shrink`.
    public static let flex: [SchemaField] = [optional("grow", number), optional("shrink", number)]

    /// How a focusable widget takes focus and is found: `id`, `autoFocus`, `onFocus`,
    /// `onBlur`, and the `keys` it declares for `ui.keyhints`.
    public static let focus: [SchemaField] = [
        optional("id", .string), optional("autoFocus", .boolean), optional("onFocus", .function),
        optional("onBlur", .function), optional("keys", .table),
    ]

    /// A width of at least one cell.
    public static let width = optional("width", .integer(min: 1, max: nil))

    // MARK: What the primitives share

    /// How a text looks: its colors and attributes.
    public static let textStyle: [SchemaField] = [
        optional("color", .color), optional("bg", .color),
        optional("bold", .boolean), optional("dim", .boolean), optional("italic", .boolean),
        optional("underline", .boolean), optional("inverse", .boolean), optional("strike", .boolean),
    ]

    /// How an element sizes and places itself in its parent's layout.
    public static let sizing: [SchemaField] = [
        optional("width", .dimension), optional("height", .dimension),
        optional("minWidth", .dimension), optional("maxWidth", .dimension),
        optional("minHeight", .dimension), optional("maxHeight", .dimension),
        optional("grow", SchemaType.factor), optional("shrink", SchemaType.factor),
        optional("margin", .spacing(auto: true)), optional("basis", .dimension),
        optional("alignSelf", .enumeration(["start", "center", "end", "stretch"])),
        optional("position", .enumeration(["relative", "absolute"])),
        optional("top", .dimension), optional("right", .dimension), optional("bottom", .dimension),
        optional("left", .dimension),
        optional("display", .enumeration(["flex", "none"])),
    ]

    /// The key bindings an element declares for `ui.keyhints`: `{ ["ctrl+s"] = "save" }`,
    /// or in the order to show them, `{ { "ctrl+s", "save" }, { "q", "quit" } }`.
    public static let keyBindings = SchemaType.oneOf([.map(of: .string), .array(of: .array(of: .string))])

    /// A border's kind.
    public static let border = SchemaType.enumeration(["single", "double", "round", "bold", "ascii"])

    /// A box's direction.
    public static let direction = SchemaType.enumeration(["column", "row", "columnReverse", "rowReverse"])

    /// How a box lays out its children, what it draws around them, and how it takes
    /// focus, keys, the mouse and pastes: the props of `ui.box` but its direction.
    public static let boxLayout: [SchemaField] =
        sizing + [
            optional("padding", .spacing(auto: false)), optional("gap", .dimension),
            optional("rowGap", .dimension), optional("columnGap", .dimension),
            optional("wrap", .oneOf([.boolean, .enumeration(["reverse"])])),
            optional(
                "alignContent", .enumeration(["start", "center", "end", "stretch", "between", "around", "evenly"])),
            optional("border", border), optional("borderColor", .color), optional("title", .string),
            optional("bg", .color), optional("align", .enumeration(["start", "center", "end", "stretch"])),
            optional(
                "justify",
                .enumeration(["start", "center", "end", "between", "around", "evenly", "safe center", "safe end"])),
            optional("focusable", .boolean), optional("autoFocus", .boolean), optional("onKey", .function),
            optional("id", .string), optional("onFocus", .function), optional("onBlur", .function),
            optional("onPaste", .function), optional("onClick", .function), optional("onMouse", .function),
            optional("keys", keyBindings),
        ]
}
