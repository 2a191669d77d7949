#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// An immutable value of props and state, produced alike by Swift code and by scripts.
///
/// Values are compared on the reconciler's hot path (every child's props, every parent
/// render), so the aggregate cases share their storage: copying a `Value` never copies
/// an array or record, equality first checks storage identity, and large aggregates
/// carry a hash computed once so that unequal values are usually told apart in O(1).
public enum Value: Sendable {
    /// The absence of a value (Lua's `nil`).
    case null
    /// A boolean.
    case bool(Bool)
    /// An integer (Lua's integer subtype).
    case int(Int)
    /// A floating-point number (Lua's float subtype).
    case double(Double)
    /// A string of Unicode text.
    case string(String)
    /// An ordered sequence of values.
    case array(ValueArray)
    /// An insertion-ordered record of string keys to values.
    case record(Record)
    /// A handler: an action bound to a logical component, or a function.
    case handler(Handler)
    /// An element, for props that take children or other UI.
    case element(Element)
}

extension Value {
    /// The name of this value's type as scripts and error messages spell it.
    public var typeName: String {
        switch self {
        case .null: "nil"
        case .bool: "boolean"
        case .int: "integer"
        case .double: "number"
        case .string: "string"
        case .array: "array"
        case .record: "record"
        case .handler: "function"
        case .element: "element"
        }
    }

    /// The boolean, when this is `.bool`.
    public var boolValue: Bool? {
        if case .bool(let value) = self { return value }
        return nil
    }

    /// The integer, when this is `.int` or a `.double` holding a whole number.
    public var intValue: Int? {
        switch self {
        case .int(let value): return value
        case .double(let value):
            guard value.rounded() == value, let exact = Int(exactly: value) else { return nil }
            return exact
        default: return nil
        }
    }

    /// The number as a `Double`, when this is `.int` or `.double`.
    public var doubleValue: Double? {
        switch self {
        case .int(let value): Double(value)
        case .double(let value): value
        default: nil
        }
    }

    /// The string, when this is `.string`.
    public var stringValue: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    /// The array, when this is `.array`.
    public var arrayValue: ValueArray? {
        if case .array(let value) = self { return value }
        return nil
    }

    /// The record, when this is `.record`.
    public var recordValue: Record? {
        if case .record(let value) = self { return value }
        return nil
    }

    /// The handler, when this is `.handler`.
    public var handlerValue: Handler? {
        if case .handler(let value) = self { return value }
        return nil
    }

    /// The element, when this is `.element`.
    public var elementValue: Element? {
        if case .element(let value) = self { return value }
        return nil
    }

    /// Whether this is `.null`.
    public var isNull: Bool {
        if case .null = self { return true }
        return false
    }

    /// The field `key` of a record value, or `nil` for other values and missing fields.
    public subscript(key: String) -> Value? {
        recordValue?[key]
    }
}

extension Value: Hashable {
    /// Value equality: same case and equal contents. Integers and floats are distinct
    /// cases, as in Lua's `math.type`; a NaN equals itself so that a prop holding NaN does
    /// not defeat memoization forever. Strings are equal when their bytes are, as Lua
    /// compares them (a precomposed `é` and `e` with a combining accent differ, as they
    /// do to the script), which is also a comparison of memory rather than of Unicode
    /// canonical equivalence: an input's value is compared in its props and state at
    /// every key.
    public static func == (lhs: Value, rhs: Value) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): return true
        case (.bool(let a), .bool(let b)): return a == b
        case (.int(let a), .int(let b)): return a == b
        case (.double(let a), .double(let b)): return a == b || (a.isNaN && b.isNaN)
        case (.string(let a), .string(let b)): return a.hasSameBytes(as: b)
        case (.array(let a), .array(let b)): return a == b
        case (.record(let a), .record(let b)): return a == b
        case (.handler(let a), .handler(let b)): return a == b
        case (.element(let a), .element(let b)): return a == b
        default: return false
        }
    }

    public func hash(into hasher: inout Hasher) {
        switch self {
        case .null:
            hasher.combine(0 as UInt8)
        case .bool(let value):
            hasher.combine(1 as UInt8)
            hasher.combine(value)
        case .int(let value):
            hasher.combine(2 as UInt8)
            hasher.combine(value)
        case .double(let value):
            hasher.combine(3 as UInt8)
            // -0.0 == 0.0 and NaN == NaN here, so both must hash alike.
            hasher.combine(value.isNaN ? Double.nan.bitPattern : (value == 0 ? 0 : value.bitPattern))
        case .string(let value):
            hasher.combine(4 as UInt8)
            hasher.combine(value)
        case .array(let value):
            hasher.combine(5 as UInt8)
            hasher.combine(value)
        case .record(let value):
            hasher.combine(6 as UInt8)
            hasher.combine(value)
        case .handler(let value):
            hasher.combine(7 as UInt8)
            hasher.combine(value)
        case .element(let value):
            hasher.combine(8 as UInt8)
            hasher.combine(value)
        }
    }
}

extension Value: ExpressibleByNilLiteral, ExpressibleByBooleanLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByFloatLiteral, ExpressibleByStringLiteral, ExpressibleByArrayLiteral,
    ExpressibleByDictionaryLiteral
{
    public init(nilLiteral: ()) { self = .null }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(integerLiteral value: Int) { self = .int(value) }
    public init(floatLiteral value: Double) { self = .double(value) }
    public init(stringLiteral value: String) { self = .string(value) }
    public init(arrayLiteral elements: Value...) { self = .array(ValueArray(elements)) }
    public init(dictionaryLiteral elements: (String, Value)...) { self = .record(Record(elements)) }
}

extension Value: CustomStringConvertible {
    /// A short, script-like rendering used in error messages: `"abc"`, `12`, `{ a = 1 }`.
    public var description: String {
        switch self {
        case .null: return "nil"
        case .bool(let value): return value ? "true" : "false"
        case .int(let value): return String(value)
        case .double(let value): return String(value)
        case .string(let value): return "\"\(value)\""
        case .array(let value): return value.description
        case .record(let value): return value.description
        case .handler(let value): return value.description
        case .element(let value): return value.description
        }
    }
}

extension String {
    /// Whether `other` holds the same UTF-8 bytes: equal to Lua, and found by comparing
    /// memory. (Strings with equal bytes are equal Strings, so they hash alike.)
    package func hasSameBytes(as other: String) -> Bool {
        guard utf8.count == other.utf8.count else { return false }
        let compared = utf8.withContiguousStorageIfAvailable { mine in
            other.utf8.withContiguousStorageIfAvailable { theirs in
                guard let a = mine.baseAddress, let b = theirs.baseAddress else { return mine.count == theirs.count }
                return a == b || memcmp(a, b, mine.count) == 0
            }
        }
        return (compared ?? nil) ?? utf8.elementsEqual(other.utf8)
    }
}
