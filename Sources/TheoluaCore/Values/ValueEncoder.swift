/// Turns any `Encodable` into a ``Value``, so that Swift hosts can pass their own types
/// as props and payloads.
///
/// - Keyed containers become records, fields in the order they were encoded; a key
///   encoded twice keeps its first position and takes its last value.
/// - Unkeyed containers become arrays; single values become scalars.
/// - Every signed integer type, and unsigned ones up to `Int.max`, become `.int`; a
///   larger unsigned value is an `EncodingError`, never a crash.
/// - `Double` becomes `.double`; a `Float` becomes the `.double` with the same shortest
///   decimal form (`0.1` as a `Float` becomes `0.1`, not `0.10000000149011612`).
/// - `nil` becomes `.null`; an optional property left `nil` by `encodeIfPresent` (as
///   synthesized conformances do) is omitted from its record.
/// - ``Value``, ``Record``, ``ValueArray``, ``Handler`` and ``Element`` are kept as they
///   are, so a props struct can hold handlers and elements.
/// - A value that encodes nothing at all becomes an empty record.
///
/// `Dictionary` with `String` keys encodes in the dictionary's own, unspecified order;
/// records compare equal regardless of order, so this never defeats memoization.
public struct ValueEncoder: Sendable {
    /// Context for the values' `encode(to:)` methods, as `Encoder.userInfo`.
    public var userInfo: [CodingUserInfoKey: any Sendable]

    /// An encoder with empty `userInfo`.
    public init(userInfo: [CodingUserInfoKey: any Sendable] = [:]) {
        self.userInfo = userInfo
    }

    /// The value `value` encodes to.
    ///
    /// - Throws: `EncodingError.invalidValue` for a value a ``Value`` cannot hold or a
    ///   misuse of the encoding containers, and any error `value.encode(to:)` throws.
    public func encode<T: Encodable>(_ value: T) throws -> Value {
        let context = EncodingContext(userInfo: userInfo)
        let result = try context.encode(value, at: [])
        if let error = context.error { throw error }
        return result
    }
}

extension Record {
    /// The record a struct (or a dictionary with `String` keys) encodes to, for props
    /// wherever a `Record` is taken (`TerminalApp`'s configuration, `feed.update`).
    ///
    /// - Throws: what ``ValueEncoder/encode(_:)`` throws, and `EncodingError.invalidValue`
    ///   for a value that encodes as something other than a record (an array, a number).
    public init<T: Encodable>(encoding value: T) throws {
        guard case .record(let record) = try ValueEncoder().encode(value) else {
            throw EncodingError.invalidValue(
                value, EncodingError.Context(codingPath: [], debugDescription: "props must encode as a record of fields"))
        }
        self = record
    }
}

/// State shared by every encoder and container of one ``ValueEncoder/encode(_:)`` call.
final class EncodingContext {
    let userInfo: [CodingUserInfoKey: Any]
    /// The first misuse of the containers, reported when encoding ends since container
    /// requests themselves cannot throw.
    var error: EncodingError?

    init(userInfo: [CodingUserInfoKey: any Sendable]) {
        self.userInfo = userInfo
    }

    /// Encodes `value` found at `codingPath`, keeping values of the value model as they are.
    func encode<T: Encodable>(_ value: T, at codingPath: [any CodingKey]) throws -> Value {
        if let direct = Self.direct(value) { return direct }
        let encoder = ValueEncoding(context: self, codingPath: codingPath)
        try value.encode(to: encoder)
        return encoder.box.finish()
    }

    /// `value` itself when it is one of the value model's own types.
    static func direct<T>(_ value: T) -> Value? {
        switch value {
        case let value as Value: value
        case let record as Record: .record(record)
        case let array as ValueArray: .array(array)
        case let handler as Handler: .handler(handler)
        case let element as Element: .element(element)
        default: nil
        }
    }

    /// Remembers the first misuse of the containers.
    func report(_ message: String, at codingPath: [any CodingKey]) {
        guard error == nil else { return }
        error = .invalidValue(
            Value.null, EncodingError.Context(codingPath: codingPath, debugDescription: message))
    }
}

/// What an encoder or container is filling: one value, an array or a record, whose
/// parts may be boxes still being filled by nested containers.
final class EncodingBox {
    /// One part: a finished value, or a nested box finished with its parent.
    enum Part {
        case value(Value)
        case box(EncodingBox)

        func finish() -> Value {
            switch self {
            case .value(let value): value
            case .box(let box): box.finish()
            }
        }
    }

    /// What the box has become; fixed by the first container asked of it.
    enum Kind: CustomStringConvertible {
        case unset
        case single
        case array
        case record

        var description: String {
            switch self {
            case .unset: "no"
            case .single: "single value"
            case .array: "unkeyed"
            case .record: "keyed"
            }
        }
    }

    var kind: Kind
    var parts: [Part] = []
    /// The keys of a record's parts, in order.
    var keys: [String] = []

    init(_ kind: Kind = .unset) {
        self.kind = kind
    }

    func finish() -> Value {
        switch kind {
        case .unset:
            return .record(Record())
        case .single:
            return parts.last?.finish() ?? .null
        case .array:
            return .array(ValueArray(parts.map { $0.finish() }))
        case .record:
            let entries = zip(keys, parts).map { Record.Entry(key: $0, value: $1.finish()) }
            return .record(Record(parsedEntries: entries))
        }
    }
}
