import TheoluaCore

/// The props each primitive constructor accepts, as schemas: validated like component
/// props, so a typo in `ui.box { paddng = 1 }` is an error with a suggestion.
enum PrimitiveSchemas {
    private static func field(_ name: String, _ type: SchemaType) -> SchemaField {
        SchemaField(name: name, type: type, optional: true, defaultValue: nil)
    }

    static let textStyle: [SchemaField] = [
        field("color", .color), field("bg", .color),
        field("bold", .boolean), field("dim", .boolean), field("italic", .boolean),
        field("underline", .boolean), field("inverse", .boolean), field("strike", .boolean),
    ]

    static let sizing: [SchemaField] = [
        field("width", .dimension), field("height", .dimension),
        field("minWidth", .dimension), field("maxWidth", .dimension),
        field("minHeight", .dimension), field("maxHeight", .dimension),
        field("grow", SchemaType.factor), field("shrink", SchemaType.factor),
        field("margin", .spacing(auto: true)), field("basis", .dimension),
        field("alignSelf", .enumeration(["start", "center", "end", "stretch"])),
        field("position", .enumeration(["relative", "absolute"])),
        field("top", .dimension), field("right", .dimension), field("bottom", .dimension), field("left", .dimension),
        field("display", .enumeration(["flex", "none"])),
    ]

    static let boxLayout: [SchemaField] =
        sizing + [
            field("padding", .spacing(auto: false)), field("gap", .dimension),
            field("rowGap", .dimension), field("columnGap", .dimension),
            field("wrap", .oneOf([.boolean, .enumeration(["reverse"])])),
            field("alignContent", .enumeration(["start", "center", "end", "stretch", "between", "around", "evenly"])),
            field("border", .enumeration(["single", "double", "round", "bold", "ascii"])),
            field("borderColor", .color), field("title", .string), field("bg", .color),
            field("align", .enumeration(["start", "center", "end", "stretch"])),
            field(
                "justify",
                .enumeration(["start", "center", "end", "between", "around", "evenly", "safe center", "safe end"])),
            field("focusable", .boolean), field("autoFocus", .boolean), field("onKey", .function),
            field("id", .string), field("onFocus", .function), field("onBlur", .function),
            field("onPaste", .function), field("onClick", .function), field("onMouse", .function),
            field("keys", keyBindings),
        ]

    /// The key bindings an element declares for `ui.keyhints`: `{ ["ctrl+s"] = "save" }`,
    /// or in the order to show them, `{ { "ctrl+s", "save" }, { "q", "quit" } }`.
    static let keyBindings = SchemaType.oneOf([.map(of: .string), .array(of: .array(of: .string))])

    static let text = RecordSchema(
        fields: textStyle + sizing + [
            field("wrap", .enumeration(["word", "char", "none", "ellipsis"])),
            field("align", .enumeration(["left", "center", "right"])),
            field("onClick", .function), field("onMouse", .function),
        ])

    static let box = RecordSchema(
        fields: [field("direction", .enumeration(["column", "row", "columnReverse", "rowReverse"]))] + boxLayout)

    /// `ui.row`, `ui.column` and `ui.spacer`: their direction is fixed.
    static let fixedBox = RecordSchema(fields: boxLayout)

    static let button = RecordSchema(
        fields: textStyle.filter { $0.name != "bg" } + boxLayout + [field("onPress", .function)])

    static let input = RecordSchema(
        fields: textStyle + sizing + [
            field("value", .string), field("onChange", .function), field("onSubmit", .function),
            field("placeholder", .string), field("autoFocus", .boolean), field("focusable", .boolean),
            field("onKey", .function), field("id", .string), field("onFocus", .function), field("onBlur", .function),
            field("border", .enumeration(["single", "double", "round", "bold", "ascii"])),
            field("borderColor", .color), field("keys", keyBindings),
        ])

    /// `ui.textarea`: the input's props, `rows` (its height when it is given none) and
    /// `wrap`.
    static let textarea = RecordSchema(
        fields: input.fields.filter { $0.name != "onSubmit" } + [
            field("rows", .integer(min: 1, max: SchemaType.maximumCells)),
            field("wrap", .enumeration(["word", "char"])),
        ])

    static let scroll = RecordSchema(fields: boxLayout + [field("follow", .boolean)])

    /// `ui.layer`: a box drawn above the screen, placed by `anchor` or `x`/`y`.
    static let layer = RecordSchema(
        fields: [field("direction", .enumeration(["column", "row", "columnReverse", "rowReverse"]))] + boxLayout + [
            field("anchor", .enumeration(["center", "parent"])), field("x", .dimension), field("y", .dimension),
            field("modal", .boolean), field("dim", .boolean), field("onClose", .function),
        ])

    private static func required(_ name: String, _ type: SchemaType) -> SchemaField {
        SchemaField(name: name, type: type, optional: false, defaultValue: nil)
    }

    /// What `ui.list` and `ui.table` share: the count, the selection and following.
    static let selection: [SchemaField] = [
        required("count", .integer(min: 0, max: Double(ListProps.maximumCount))),
        field("selected", .integer(min: 1, max: nil)),
        field("onSelect", .function), field("onActivate", .function), field("follow", .boolean),
    ]

    static let list = RecordSchema(
        fields: boxLayout + selection + [
            required("render", .function), field("itemHeight", .integer(min: 1, max: SchemaType.maximumCells)),
        ])

    static let column = RecordSchema(fields: [
        required("title", .string),
        field("width", .dimension),
        field("grow", SchemaType.factor),
        field("align", .enumeration(["left", "center", "right"])),
    ])

    static let table = RecordSchema(
        fields: boxLayout + selection + [
            field("direction", .enumeration(["column", "row"])),
            required("columns", .array(of: .record(column))), required("cell", .function),
            field("onSort", .function),
        ])
}

/// The primitive constructors of the `theolua` module.
enum PrimitiveConstructor: Int, CaseIterable {
    case text, box, row, column, spacer, button, input, scroll, list, table, layer, textarea

    /// `ui.<name>` of each constructor, by raw value: what messages call it.
    static let subjects = allCases.map { "ui.\($0.name)" }

    /// The name under `ui`.
    var name: String {
        switch self {
        case .text: "text"
        case .box: "box"
        case .row: "row"
        case .column: "column"
        case .spacer: "spacer"
        case .button: "button"
        case .input: "input"
        case .scroll: "scroll"
        case .list: "list"
        case .table: "table"
        case .layer: "layer"
        case .textarea: "textarea"
        }
    }

    /// Whether it makes a virtualized component (``ListDefinition``, ``TableDefinition``)
    /// rather than a host element.
    var isVirtualized: Bool { self == .list || self == .table }

    /// The host primitive it makes.
    var primitive: Primitive {
        switch self {
        case .text: .text
        case .box, .row, .column, .spacer, .layer: .box
        case .button: .button
        case .input: .input
        case .textarea: .textarea
        case .scroll, .list, .table: .scroll
        }
    }

    var schema: RecordSchema {
        switch self {
        case .text: PrimitiveSchemas.text
        case .box: PrimitiveSchemas.box
        case .row, .column, .spacer: PrimitiveSchemas.fixedBox
        case .button: PrimitiveSchemas.button
        case .input: PrimitiveSchemas.input
        case .scroll: PrimitiveSchemas.scroll
        case .list: PrimitiveSchemas.list
        case .table: PrimitiveSchemas.table
        case .layer: PrimitiveSchemas.layer
        case .textarea: PrimitiveSchemas.textarea
        }
    }

    /// Props set by the constructor itself.
    var presets: [(String, Value)] {
        switch self {
        case .row: [("direction", "row")]
        case .column: [("direction", "column")]
        case .spacer: [("grow", 1)]
        case .layer: [("layer", true)]
        default: []
        }
    }

    /// Whether the array part is text content (`text`, `button`) rather than children.
    var takesTextContent: Bool { self == .text || self == .button }

    /// Whether it takes children at all.
    var takesChildren: Bool {
        self == .box || self == .row || self == .column || self == .scroll || self == .layer
    }
}
