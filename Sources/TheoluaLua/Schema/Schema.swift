import TheoluaCore

/// The type a props schema gives a field, parsed once per component definition.
indirect enum SchemaType: Sendable {
    case string
    case number(min: Double?, max: Double?)
    case integer(min: Double?, max: Double?)
    case boolean
    /// A handler or a function.
    case function
    case element
    /// A list of elements, with the children rules (strings become text, nil and false
    /// are skipped, nested lists are flattened).
    case elements
    /// Any table, converted as it is.
    case table
    case any
    case array(of: SchemaType)
    /// String keys to values of one type.
    case map(of: SchemaType)
    case record(RecordSchema)
    case enumeration([String])
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
    static let maximumCells = 1_000_000.0
    /// The largest percentage a size may be.
    static let maximumPercent = 10_000.0
    /// A number of cells: a whole number from 0 to ``maximumCells``.
    static let cells = SchemaType.integer(min: 0, max: maximumCells)
    /// A grow or shrink factor: a number from 0 to ``maximumCells``.
    static let factor = SchemaType.number(min: 0, max: maximumCells)

    /// How error messages spell this type.
    var description: String {
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

/// One declared field.
struct SchemaField: Sendable {
    let name: String
    let type: SchemaType
    /// Whether the field may be absent (a `?` suffix, or a default).
    let optional: Bool
    /// The value used when the field is absent, validated when the schema was parsed.
    let defaultValue: Value?
}

/// A record's declared fields, in declaration order.
struct RecordSchema: Sendable {
    let fields: [SchemaField]
    private let positions: [String: Int]
    /// The fields a table must not lack unnoticed: those with a default to fill in and
    /// the required ones (all of them for a schema of more than 64 fields).
    let watched: FieldSet

    init(fields: [SchemaField]) {
        self.fields = fields
        var positions: [String: Int] = [:]
        var watched = FieldSet()
        for (index, field) in fields.enumerated() {
            positions[field.name] = index
            if field.defaultValue != nil || !field.optional || index >= 64 { watched.insert(index) }
        }
        self.positions = positions
        self.watched = watched
    }

    func field(named name: String) -> SchemaField? {
        positions[name].map { fields[$0] }
    }

    func position(of name: String) -> Int? {
        positions[name]
    }

    /// The declared name closest to `name`, if it is close enough to be a likely typo.
    func suggestion(for name: String) -> String? {
        closestName(to: name, among: fields.map(\.name))
    }
}

/// The candidate within a small edit distance of `name` (case-insensitive), if any.
func closestName(to name: String, among candidates: [String]) -> String? {
    let target = Array(name.lowercased())
    var best: (name: String, distance: Int)? = nil
    for candidate in candidates {
        let distance = editDistance(target, Array(candidate.lowercased()))
        let allowed = max(1, min(3, candidate.count / 3))
        if distance <= allowed && distance < (best?.distance ?? Int.max) { best = (candidate, distance) }
    }
    return best?.name
}

/// Levenshtein distance with adjacent transpositions counted as one edit.
func editDistance(_ a: [Character], _ b: [Character]) -> Int {
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var previousPrevious = [Int](repeating: 0, count: b.count + 1)
    var previous = Array(0...b.count)
    var current = [Int](repeating: 0, count: b.count + 1)
    for i in 1...a.count {
        current[0] = i
        for j in 1...b.count {
            let cost = a[i - 1] == b[j - 1] ? 0 : 1
            current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                current[j] = min(current[j], previousPrevious[j - 2] + 1)
            }
        }
        (previousPrevious, previous, current) = (previous, current, previousPrevious)
    }
    return previous[b.count]
}
