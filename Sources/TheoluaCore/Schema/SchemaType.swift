/// The type a props schema gives a field: what a value must be to pass, and how a
/// message spells it.
///
/// Scripts write these in the schema language (`"string?"`, `{ "array", of = "number" }`),
/// which the Lua bridge parses once per component definition; Swift code builds them
/// directly, to declare the props of a component in a ``RecordSchema``.
public indirect enum SchemaType: Sendable, CustomStringConvertible {
    /// A string.
    case string
    /// A number, within the bounds given.
    case number(min: Double?, max: Double?)
    /// A whole number, within the bounds given (an integral float becomes an integer).
    case integer(min: Double?, max: Double?)
    /// A boolean.
    case boolean
    /// A handler or a function.
    case function
    /// An element; a string becomes a text element.
    case element
    /// A list of elements, with the children rules (strings become text, nil and false
    /// are skipped, nested lists are flattened).
    case elements
    /// Any table, converted as it is.
    case table
    /// Any value.
    case any
    /// A sequence of values of one type.
    case array(of: SchemaType)
    /// String keys to values of one type.
    case map(of: SchemaType)
    /// A record of declared fields.
    case record(RecordSchema)
    /// One of the strings given.
    case enumeration([String])
    /// A value of the first of the types given that it fits.
    case oneOf([SchemaType])
    /// A color: a name, `bright<Name>`, `#rrggbb`, or 0–255. Used by primitives.
    case color
    /// A size in cells, or a percentage string like `"50%"`. Used by primitives.
    case dimension
    /// A side, or `{ top, right, bottom, left }` or `{ x, y }` of sides, each a number of
    /// cells or a percentage string; with `auto`, a side may also be `"auto"` (margins).
    /// Used by primitives.
    case spacing(auto: Bool)

    /// The most cells a size, gap, padding or margin may ask for: a documented bound, so
    /// that layout arithmetic stays far from overflow (the canvas clamps to it as well).
    public static let maximumCells = 1_000_000.0
    /// The largest percentage a size may be.
    public static let maximumPercent = 10_000.0
    /// A number of cells: a whole number from 0 to ``maximumCells``.
    public static let cells = SchemaType.integer(min: 0, max: maximumCells)
    /// A grow or shrink factor: a number from 0 to ``maximumCells``.
    public static let factor = SchemaType.number(min: 0, max: maximumCells)

    /// How error messages spell this type: `number from 0 to 10`, `array of string`.
    public var description: String {
        switch self {
        case .string: return "string"
        case .number(let min, let max): return SchemaType.bounded("number", min, max)
        case .integer(let min, let max): return SchemaType.bounded("integer", min, max)
        case .boolean: return "boolean"
        case .function: return "function"
        case .element: return "element"
        case .elements: return "elements"
        case .table: return "table"
        case .any: return "any value"
        case .array(let of): return "array of \(of.description)"
        case .map(let of): return "map of \(of.description)"
        case .record: return "record"
        case .enumeration(let values): return "one of " + values.map { "'\($0)'" }.joined(separator: ", ")
        case .oneOf(let types): return types.map(\.description).joined(separator: " or ")
        case .color: return "color (a name, '#rrggbb' or 0-255)"
        case .dimension: return "size (0 to 1000000 cells, or a percentage like '50%' up to '10000%')"
        case .spacing(let auto):
            let side = auto ? "a number, a percentage or 'auto'" : "a number or a percentage"
            return "spacing (\(side), or { top, right, bottom, left } or { x, y } of them)"
        }
    }

    private static func bounded(_ name: String, _ min: Double?, _ max: Double?) -> String {
        func text(_ value: Double) -> String {
            value == value.rounded() && abs(value) <= 9_007_199_254_740_992 ? String(Int64(value)) : String(value)
        }
        switch (min, max) {
        case (let min?, let max?): return "\(name) from \(text(min)) to \(text(max))"
        case (let min?, nil): return "\(name) ≥ \(text(min))"
        case (nil, let max?): return "\(name) ≤ \(text(max))"
        case (nil, nil): return name
        }
    }
}

/// The color names of the product contract: what a ``SchemaType/color`` string may be
/// besides `#rrggbb`.
package enum ColorNames {
    package static let base = ["black", "red", "green", "yellow", "blue", "magenta", "cyan", "white", "gray"]
    package static let all = base + base.map { "bright" + $0.prefix(1).uppercased() + $0.dropFirst() } + ["default"]

    /// Whether `text` names a color: one of ``all``, or `#` and six hex digits.
    package static func isValid(_ text: String) -> Bool {
        if all.contains(text) { return true }
        guard text.count == 7, text.first == "#" else { return false }
        return text.dropFirst().allSatisfy(\.isHexDigit)
    }
}
