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
}
