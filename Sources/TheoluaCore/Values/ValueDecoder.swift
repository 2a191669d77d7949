/// Reads a ``Value`` as any `Decodable` type, so that hosts can take `ui.emit` payloads
/// and props as their own structs.
///
/// - Records decode keyed containers; arrays unkeyed ones.
/// - Integer types decode from `.int`, or from a `.double` holding a whole number, when
///   the number fits the type; `Double` and `Float` decode from either number case.
/// - `Bool` decodes only from `.bool` and `String` only from `.string`: a script's
///   `"1"` is not silently taken for a number.
/// - Optional properties decode `nil` from `.null` and from a missing field.
/// - ``Value``, ``Record``, ``ValueArray``, ``Handler`` and ``Element`` properties take
///   the value as it is.
///
/// Errors are `DecodingError`s whose coding path names the field and whose description
/// says what was expected and found: `expected Int, found string "12"`.
public struct ValueDecoder: Sendable {
    /// Context for the types' `init(from:)`, as `Decoder.userInfo`.
    public var userInfo: [CodingUserInfoKey: any Sendable]

    /// A decoder with empty `userInfo`.
    public init(userInfo: [CodingUserInfoKey: any Sendable] = [:]) {
        self.userInfo = userInfo
    }

    /// `value` read as a `T`.
    ///
    /// - Throws: `DecodingError` when `value` does not have the shape of `T`, and any
    ///   error `T.init(from:)` throws.
    public func decode<T: Decodable>(_ type: T.Type = T.self, from value: Value) throws -> T {
        try ValueDecoding.decode(type, from: value, at: [], userInfo: userInfo)
    }
}

/// The `Decoder` handed to `init(from:)` by ``ValueDecoder``: it reads one value.
struct ValueDecoding: Decoder {
    let value: Value
    let codingPath: [any CodingKey]
    let sendableUserInfo: [CodingUserInfoKey: any Sendable]

    var userInfo: [CodingUserInfoKey: Any] { sendableUserInfo }

    /// Reads `value`, found at `codingPath`, as a `T`, taking values of the value
    /// model as they are.
    static func decode<T: Decodable>(
        _ type: T.Type, from value: Value, at codingPath: [any CodingKey],
        userInfo: [CodingUserInfoKey: any Sendable]
    ) throws -> T {
        if let direct = direct(type, from: value) { return direct }
        return try T(from: ValueDecoding(value: value, codingPath: codingPath, sendableUserInfo: userInfo))
    }

    /// `value` itself, or its payload, when `T` is one of the value model's own types.
    static func direct<T>(_ type: T.Type, from value: Value) -> T? {
        if T.self == Value.self { return value as? T }
        switch value {
        case .record(let record) where T.self == Record.self: return record as? T
        case .array(let items) where T.self == ValueArray.self: return items as? T
        case .handler(let handler) where T.self == Handler.self: return handler as? T
        case .element(let element) where T.self == Element.self: return element as? T
        default: return nil
        }
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard case .record(let record) = value else {
            throw ValueDecoding.mismatch([String: Value].self, "a record", value, at: codingPath)
        }
        return KeyedDecodingContainer(
            KeyedValueDecodingContainer<Key>(
                record: record, codingPath: codingPath, userInfo: sendableUserInfo))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard case .array(let items) = value else {
            throw ValueDecoding.mismatch([Value].self, "an array", value, at: codingPath)
        }
        return UnkeyedValueDecodingContainer(items: items, codingPath: codingPath, userInfo: sendableUserInfo)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        ValueDecodingSingleValueContainer(value: value, codingPath: codingPath, userInfo: sendableUserInfo)
    }

    /// A type mismatch saying what was expected and what was found.
    static func mismatch(_ type: Any.Type, _ expected: String, _ value: Value, at codingPath: [any CodingKey])
        -> DecodingError
    {
        .typeMismatch(
            type,
            DecodingError.Context(
                codingPath: codingPath,
                debugDescription: "expected \(expected), found \(value.codingDescription)"))
    }
}
