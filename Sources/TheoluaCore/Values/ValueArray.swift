/// An immutable, shared sequence of values with cheap copies and cheap inequality.
public struct ValueArray: Sendable {
    @usableFromInline final class Storage: Sendable {
        let values: [Value]
        /// The hash of `values`, computed once for arrays long enough for it to pay off;
        /// `nil` for short arrays, which are compared element by element.
        let cachedHash: Int?

        init(_ values: [Value], hashing: Bool = true) {
            self.values = values
            if hashing, values.count >= AggregateHashing.cacheThreshold {
                var hasher = Hasher()
                for value in values { hasher.combine(value) }
                cachedHash = hasher.finalize()
            } else {
                cachedHash = nil
            }
        }
    }

    let storage: Storage

    /// An array holding `values`.
    public init(_ values: [Value] = []) {
        storage = Storage(values)
    }

    /// An array holding `values`, compared element by element however long: for arrays
    /// made often and seldom compared with unequal ones (a text's runs), where hashing
    /// each at creation costs more than it saves.
    package init(unhashed values: [Value]) {
        storage = Storage(values, hashing: false)
    }

    /// The values, in order.
    public var values: [Value] { storage.values }
}

extension ValueArray: RandomAccessCollection {
    public var startIndex: Int { 0 }
    public var endIndex: Int { storage.values.count }
    public subscript(position: Int) -> Value { storage.values[position] }
}

extension ValueArray: Hashable {
    public static func == (lhs: ValueArray, rhs: ValueArray) -> Bool {
        if lhs.storage === rhs.storage { return true }
        if lhs.storage.values.count != rhs.storage.values.count { return false }
        if let a = lhs.storage.cachedHash, let b = rhs.storage.cachedHash, a != b { return false }
        return lhs.storage.values == rhs.storage.values
    }

    public func hash(into hasher: inout Hasher) {
        if let cached = storage.cachedHash {
            hasher.combine(cached)
        } else {
            hasher.combine(storage.values.count)
            for value in storage.values { hasher.combine(value) }
        }
    }
}

extension ValueArray: ExpressibleByArrayLiteral {
    public init(arrayLiteral elements: Value...) { self.init(elements) }
}

extension ValueArray: CustomStringConvertible {
    public var description: String {
        storage.values.isEmpty ? "{}" : "{ " + storage.values.map(\.description).joined(separator: ", ") + " }"
    }
}

/// Shared policy for the hashes cached by arrays and records.
enum AggregateHashing {
    /// Aggregates with at least this many entries cache their hash at creation. Smaller
    /// ones compare faster entry by entry than a hash would pay back.
    static let cacheThreshold = 8
}
