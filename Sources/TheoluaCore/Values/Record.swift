/// An immutable, insertion-ordered record of string keys to values.
///
/// Iteration follows insertion order (a schema's declared order, say). Equality ignores
/// order: two records are equal when they hold the same keys with equal values, because
/// a script's table has no order and the same table content must not look "changed".
public struct Record: Sendable {
    final class Storage: Sendable {
        let keys: [String]
        let values: [Value]
        /// Key positions for records large enough that a linear scan would cost more.
        let positions: [String: Int]?
        /// An order-independent hash, computed once for large records.
        let cachedHash: Int?

        init(keys: [String], values: [Value]) {
            self.keys = keys
            self.values = values
            if keys.count >= AggregateHashing.cacheThreshold {
                var positions: [String: Int] = [:]
                positions.reserveCapacity(keys.count)
                for (index, key) in keys.enumerated() { positions[key] = index }
                self.positions = positions
                cachedHash = Record.unorderedHash(keys: keys, values: values)
            } else {
                positions = nil
                cachedHash = nil
            }
        }

        func index(of key: String) -> Int? {
            if let positions { return positions[key] }
            return keys.firstIndex(of: key)
        }
    }

    let storage: Storage

    /// An empty record.
    public init() {
        storage = Record.empty
    }

    /// A record of `pairs` in their order; a repeated key keeps its first position and
    /// takes its last value.
    public init<S: Sequence>(_ pairs: S) where S.Element == (String, Value) {
        var keys: [String] = []
        var values: [Value] = []
        keys.reserveCapacity(pairs.underestimatedCount)
        values.reserveCapacity(pairs.underestimatedCount)
        var seen: [String: Int]? = nil
        for (key, value) in pairs {
            if keys.count >= 8 && seen == nil {
                seen = Dictionary(uniqueKeysWithValues: keys.enumerated().map { ($1, $0) })
            }
            let existing = seen.map { $0[key] } ?? keys.firstIndex(of: key)
            if let existing {
                values[existing] = value
            } else {
                seen?[key] = keys.count
                keys.append(key)
                values.append(value)
            }
        }
        storage = Storage(keys: keys, values: values)
    }

    /// A record from keys and values already known to be distinct and paired.
    init(uniqueKeys keys: [String], values: [Value]) {
        storage = Storage(keys: keys, values: values)
    }

    private static let empty = Storage(keys: [], values: [])

    /// The number of fields.
    public var count: Int { storage.keys.count }

    /// Whether the record has no fields.
    public var isEmpty: Bool { storage.keys.isEmpty }

    /// The keys, in insertion order.
    public var keys: [String] { storage.keys }

    /// The values, in insertion order.
    public var values: [Value] { storage.values }

    /// The value of field `key`, or `nil` when there is no such field.
    public subscript(key: String) -> Value? {
        guard let index = storage.index(of: key) else { return nil }
        return storage.values[index]
    }

    /// A copy with field `key` set to `value` (appended when new).
    public func setting(_ key: String, to value: Value) -> Record {
        var keys = storage.keys
        var values = storage.values
        if let index = storage.index(of: key) {
            values[index] = value
        } else {
            keys.append(key)
            values.append(value)
        }
        return Record(uniqueKeys: keys, values: values)
    }

    /// A copy without field `key`.
    public func removing(_ key: String) -> Record {
        guard let index = storage.index(of: key) else { return self }
        var keys = storage.keys
        var values = storage.values
        keys.remove(at: index)
        values.remove(at: index)
        return Record(uniqueKeys: keys, values: values)
    }

    static func unorderedHash(keys: [String], values: [Value]) -> Int {
        var sum = 0
        for index in keys.indices {
            var hasher = Hasher()
            hasher.combine(keys[index])
            hasher.combine(values[index])
            sum = sum &+ hasher.finalize()
        }
        return sum
    }
}

extension Record: Sequence {
    /// Iterates `(key, value)` pairs in insertion order.
    public func makeIterator() -> some IteratorProtocol<(key: String, value: Value)> {
        var index = 0
        let storage = storage
        return AnyIterator {
            guard index < storage.keys.count else { return nil }
            defer { index += 1 }
            return (storage.keys[index], storage.values[index])
        }
    }
}

extension Record: Hashable {
    public static func == (lhs: Record, rhs: Record) -> Bool {
        let a = lhs.storage
        let b = rhs.storage
        if a === b { return true }
        if a.keys.count != b.keys.count { return false }
        if let x = a.cachedHash, let y = b.cachedHash, x != y { return false }
        if a.keys == b.keys { return a.values == b.values }
        for index in a.keys.indices {
            guard let other = b.index(of: a.keys[index]), b.values[other] == a.values[index] else {
                return false
            }
        }
        return true
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(storage.cachedHash ?? Record.unorderedHash(keys: storage.keys, values: storage.values))
    }
}

extension Record: ExpressibleByDictionaryLiteral {
    public init(dictionaryLiteral elements: (String, Value)...) { self.init(elements) }
}

extension Record: CustomStringConvertible {
    public var description: String {
        if isEmpty { return "{}" }
        let fields = zip(storage.keys, storage.values).map { "\($0) = \($1)" }
        return "{ " + fields.joined(separator: ", ") + " }"
    }
}
