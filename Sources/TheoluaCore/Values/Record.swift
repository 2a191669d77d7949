/// An immutable, insertion-ordered record of string keys to values.
///
/// Iteration follows insertion order (a schema's declared order, say). Equality ignores
/// order: two records are equal when they hold the same keys with equal values, because
/// a script's table has no order and the same table content must not look "changed".
///
/// A small record is one array allocation; a large one also carries a key index and a
/// hash computed once, so lookups stay O(1) and unequal records are told apart early.
public struct Record: Sendable {
    /// One field.
    package struct Entry: Sendable {
        package let key: String
        package let value: Value

        /// A field named `key` holding `value`.
        package init(key: String, value: Value) {
            self.key = key
            self.value = value
        }
    }

    /// Key positions and the order-independent hash of a large record.
    final class Index: Sendable {
        let positions: [String: Int]
        let hash: Int

        init(_ entries: [Entry]) {
            var positions: [String: Int] = [:]
            positions.reserveCapacity(entries.count)
            for (index, entry) in entries.enumerated() { positions[entry.key] = index }
            self.positions = positions
            hash = Record.unorderedHash(entries)
        }
    }

    package let entries: [Entry]
    let index: Index?

    /// An empty record.
    public init() {
        entries = []
        index = nil
    }

    /// A record of `pairs` in their order; a repeated key keeps its first position and
    /// takes its last value.
    public init<S: Sequence>(_ pairs: S) where S.Element == (String, Value) {
        var entries: [Entry] = []
        entries.reserveCapacity(pairs.underestimatedCount)
        var seen: [String: Int]? = nil
        for (key, value) in pairs {
            if entries.count >= AggregateHashing.cacheThreshold && seen == nil {
                seen = Dictionary(entries.enumerated().map { ($1.key, $0) }, uniquingKeysWith: { first, _ in first })
            }
            let existing = seen.map { $0[key] } ?? entries.firstIndex { $0.key == key }
            if let existing {
                entries[existing] = Entry(key: key, value: value)
            } else {
                seen?[key] = entries.count
                entries.append(Entry(key: key, value: value))
            }
        }
        self.init(uniqueEntries: entries)
    }

    /// A record from entries whose keys are known to be distinct.
    package init(uniqueEntries entries: [Entry]) {
        self.entries = entries
        index = entries.count >= AggregateHashing.cacheThreshold ? Index(entries) : nil
    }

    /// A record from entries whose keys are known to be distinct, kept in storage of
    /// exactly their number: for records built by appending, which live as long as the
    /// element that holds them.
    package init(compacting entries: [Entry]) {
        guard entries.capacity > entries.count else {
            self.init(uniqueEntries: entries)
            return
        }
        self.init(
            uniqueEntries: [Entry](unsafeUninitializedCapacity: entries.count) { buffer, count in
                count = buffer.initialize(fromContentsOf: entries)
            })
    }

    /// A record from keys and values whose keys are known to be distinct.
    init(uniqueKeys keys: [String], values: [Value]) {
        self.init(uniqueEntries: zip(keys, values).map { Entry(key: $0, value: $1) })
    }

    /// The number of fields.
    public var count: Int { entries.count }

    /// Whether the record has no fields.
    public var isEmpty: Bool { entries.isEmpty }

    /// The keys, in insertion order.
    public var keys: [String] { entries.map(\.key) }

    /// The values, in insertion order.
    public var values: [Value] { entries.map(\.value) }

    /// The position of field `key` in insertion order, if present.
    public func position(of key: String) -> Int? {
        if let index { return index.positions[key] }
        return entries.firstIndex { $0.key == key }
    }

    /// The position of the field whose key is exactly the UTF-8 `bytes`, if present: a
    /// lookup by a name read from Lua that makes no `String` (bytes that are not UTF-8
    /// name no field).
    package func position(ofUTF8 bytes: UnsafeRawBufferPointer) -> Int? {
        if let index {
            let key = String(decoding: bytes, as: UTF8.self)
            guard let position = index.positions[key], entries[position].key.hasUTF8(bytes) else { return nil }
            return position
        }
        return entries.withUnsafeBufferPointer { entries in
            for position in 0..<entries.count where entries[position].key.hasUTF8(bytes) { return position }
            return nil
        }
    }

    /// The field at `position` in insertion order.
    public func field(at position: Int) -> (key: String, value: Value) {
        (entries[position].key, entries[position].value)
    }

    /// The value of field `key`, or `nil` when there is no such field. Setting a value
    /// replaces the field's (or appends the field); setting `nil` removes it:
    /// `props["cpu"] = .double(0.4)`.
    public subscript(key: String) -> Value? {
        get {
            guard let position = position(of: key) else { return nil }
            return entries[position].value
        }
        set {
            if let newValue {
                self = setting(key, to: newValue)
            } else {
                self = removing(key)
            }
        }
    }

    /// A copy with field `key` set to `value` (appended when new).
    public func setting(_ key: String, to value: Value) -> Record {
        var entries = entries
        if let position = position(of: key) {
            entries[position] = Entry(key: key, value: value)
        } else {
            entries.append(Entry(key: key, value: value))
        }
        return Record(uniqueEntries: entries)
    }

    /// A copy without field `key`.
    public func removing(_ key: String) -> Record {
        guard let position = position(of: key) else { return self }
        var entries = entries
        entries.remove(at: position)
        return Record(uniqueEntries: entries)
    }

    /// A copy with only the fields whose key `include` accepts, in their order.
    public func filter(_ include: (String) -> Bool) -> Record {
        Record(uniqueEntries: entries.filter { include($0.key) })
    }

    /// Where the entries are stored, nil for an empty record: an identity for as long as
    /// this record (or a copy of it) is alive, which records sharing it are equal by.
    package var storage: UnsafeRawPointer? {
        entries.isEmpty ? nil : entries.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) }
    }

    /// Whether both records share one storage, so they are equal without a look inside.
    func sharesStorage(with other: Record) -> Bool {
        entries.withUnsafeBufferPointer { a in
            other.entries.withUnsafeBufferPointer { b in a.baseAddress == b.baseAddress && a.count == b.count }
        }
    }

    static func unorderedHash(_ entries: [Entry]) -> Int {
        var sum = 0
        for entry in entries {
            var hasher = Hasher()
            hasher.combine(entry.key)
            hasher.combine(entry.value)
            sum = sum &+ hasher.finalize()
        }
        return sum
    }
}

extension Record: Sequence {
    /// Iterates `(key, value)` pairs in insertion order.
    public struct Iterator: IteratorProtocol {
        var base: IndexingIterator<[Entry]>
        public mutating func next() -> (key: String, value: Value)? {
            base.next().map { ($0.key, $0.value) }
        }
    }

    public func makeIterator() -> Iterator { Iterator(base: entries.makeIterator()) }

    public var underestimatedCount: Int { entries.count }
}

extension Record: Hashable {
    public static func == (lhs: Record, rhs: Record) -> Bool {
        if lhs.entries.count != rhs.entries.count { return false }
        if lhs.entries.isEmpty || lhs.sharesStorage(with: rhs) { return true }
        if let a = lhs.index, let b = rhs.index, a.hash != b.hash { return false }
        var sameOrder = true
        for (a, b) in zip(lhs.entries, rhs.entries) {
            guard a.key == b.key else {
                sameOrder = false
                break
            }
            guard a.value == b.value else { return false }
        }
        if sameOrder { return true }
        for entry in lhs.entries {
            guard let other = rhs[entry.key], other == entry.value else { return false }
        }
        return true
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(index?.hash ?? Record.unorderedHash(entries))
    }
}

extension Record: ExpressibleByDictionaryLiteral {
    public init(dictionaryLiteral elements: (String, Value)...) { self.init(elements) }
}

extension Record: CustomStringConvertible {
    /// `{ a = 1, b = "x" }`, the fields in the order of their names: a record made from
    /// a Lua table holds them in the table's order, which changes from run to run.
    public var description: String {
        if isEmpty { return "{}" }
        let sorted = entries.sorted { $0.key < $1.key }
        return "{ " + sorted.map { "\($0.key) = \($0.value)" }.joined(separator: ", ") + " }"
    }
}

extension Record {
    /// The UTF-8 bytes of the record's string values (not nested ones): the text a host
    /// node holds.
    public var stringBytes: Int {
        var total = 0
        for (_, value) in self { if case .string(let text) = value { total += text.utf8.count } }
        return total
    }
}

extension String {
    /// Whether this string's UTF-8 is exactly `bytes` (a name as Lua holds it, say),
    /// compared without making a string of them.
    @inline(__always)
    package func hasUTF8(_ bytes: UnsafeRawBufferPointer) -> Bool {
        let utf8 = self.utf8
        guard utf8.count == bytes.count else { return false }
        return utf8.withContiguousStorageIfAvailable { own in
            for offset in 0..<own.count where own[offset] != bytes[offset] { return false }
            return true
        } ?? utf8.elementsEqual(bytes)
    }
}
