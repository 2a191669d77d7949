/// A coding key for any record field or array position, used where keys are only
/// known at run time: a ``Record``'s fields, an unkeyed container's positions and `super`.
struct ValueCodingKey: CodingKey, Sendable {
    let stringValue: String
    let intValue: Int?

    init(stringValue: String) {
        self.stringValue = stringValue
        intValue = nil
    }

    init(intValue: Int) {
        stringValue = "Index \(intValue)"
        self.intValue = intValue
    }

    /// The key of position `index` in an unkeyed container.
    static func index(_ index: Int) -> ValueCodingKey { ValueCodingKey(intValue: index) }

    /// The key `superEncoder()` and `superDecoder()` use.
    static let `super` = ValueCodingKey(stringValue: "super")
}

extension Value {
    /// A short description of this value for coding errors: `string "abc"`, `integer 12`.
    var codingDescription: String {
        switch self {
        case .null: "nil"
        case .array, .record, .handler, .element: typeName
        default: "\(typeName) \(description)"
        }
    }
}
