/// Which of a schema's fields a table had: a bit set, with a fallback for schemas of
/// more than 64 fields. Filled as a table is read, once per field, so its work is
/// inlined where tables are read.
package struct FieldSet {
    @usableFromInline var bits: UInt64 = 0
    @usableFromInline var overflow: Set<Int> = []

    /// An empty set.
    @inlinable
    package init() {}

    /// Adds the field at `position`.
    @inlinable
    package mutating func insert(_ position: Int) {
        if position < 64 { bits |= 1 << UInt64(position) } else { overflow.insert(position) }
    }

    /// Whether the field at `position` is here.
    @inlinable
    package func contains(_ position: Int) -> Bool {
        position < 64 ? bits & (1 << UInt64(position)) != 0 : overflow.contains(position)
    }

    /// Whether every field of `other` is here too.
    @inlinable
    package func covers(_ other: FieldSet) -> Bool {
        bits & other.bits == other.bits && (other.overflow.isEmpty || other.overflow.isSubset(of: overflow))
    }
}
