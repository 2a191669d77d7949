/// A key that identifies an element among its siblings across renders.
public enum Key: Hashable, Sendable, CustomStringConvertible {
    /// A string key.
    case string(String)
    /// An integer key.
    case int(Int)

    public var description: String {
        switch self {
        case .string(let value): "'\(value)'"
        case .int(let value): String(value)
        }
    }

    /// The key as plain text, without quotes.
    public var text: String {
        switch self {
        case .string(let value): value
        case .int(let value): String(value)
        }
    }
}

extension Key: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral {
    public init(stringLiteral value: String) { self = .string(value) }
    public init(integerLiteral value: Int) { self = .int(value) }
}

/// Where an element stands among its siblings: its key, or its position when unkeyed.
/// Together with the type name it is the element's identity in its parent's scope.
enum Slot: Hashable {
    case key(Key)
    case position(Int)
}
