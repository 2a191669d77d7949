/// One declared field of a ``RecordSchema``: its name, its type, and what happens when
/// a record lacks it.
public struct SchemaField: Sendable {
    /// The field's name: the prop's key.
    public let name: String
    /// What the field's value must be.
    public let type: SchemaType
    /// Whether the field may be absent (a `?` suffix, or a default).
    public let optional: Bool
    /// The value used when the field is absent. The schema language checks it against
    /// `type` when it parses a schema; a Swift author gives one that fits.
    public let defaultValue: Value?

    /// A field named `name` of type `type`; it may be absent when `optional` or when it
    /// has a `defaultValue` (which a record lacking it gets instead).
    public init(name: String, type: SchemaType, optional: Bool = false, defaultValue: Value? = nil) {
        self.name = name
        self.type = type
        self.optional = optional || defaultValue != nil
        self.defaultValue = defaultValue
    }
}

/// A record's declared fields, in declaration order: the props schema of a component.
///
/// ```swift
/// let schema = RecordSchema(fields: [
///     SchemaField(name: "label", type: .string),
///     SchemaField(name: "step", type: .integer(min: 1, max: nil), defaultValue: 1),
/// ])
/// let props = try schema.validate(["label": "Clicks"])  // ["label": "Clicks", "step": 1]
/// ```
///
/// Field names are unique within a schema.
public struct RecordSchema: Sendable {
    /// The fields, in declaration order (the schema language sorts them by name).
    public let fields: [SchemaField]
    @usableFromInline let positions: [String: Int]
    /// The fields a table must not lack unnoticed: those with a default to fill in and
    /// the required ones (all of them for a schema of more than 64 fields).
    package let watched: FieldSet

    /// A schema of `fields`, in that order.
    public init(fields: [SchemaField]) {
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

    /// The field named `name`, if the schema declares it.
    @inlinable
    public func field(named name: String) -> SchemaField? {
        positions[name].map { fields[$0] }
    }

    /// The position in ``fields`` of the field named `name`, if the schema declares it.
    @inlinable
    public func position(of name: String) -> Int? {
        positions[name]
    }

    /// The declared name closest to `name`, if it is close enough to be a likely typo.
    public func suggestion(for name: String) -> String? {
        closestName(to: name, among: fields.map(\.name))
    }
}
