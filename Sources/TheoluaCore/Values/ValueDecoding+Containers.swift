/// The keyed container of ``ValueDecoding``: the fields of a record.
struct KeyedValueDecodingContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let record: Record
    let codingPath: [any CodingKey]
    let userInfo: [CodingUserInfoKey: any Sendable]

    var allKeys: [Key] { record.keys.compactMap { Key(stringValue: $0) } }

    func contains(_ key: Key) -> Bool { record[key.stringValue] != nil }

    /// The field for `key`, or `keyNotFound`.
    func field(_ key: Key) throws -> Value {
        guard let value = record[key.stringValue] else {
            throw DecodingError.keyNotFound(
                key,
                DecodingError.Context(
                    codingPath: codingPath, debugDescription: "no field '\(key.stringValue)'"))
        }
        return value
    }

    func integer<I: FixedWidthInteger>(_ type: I.Type, _ key: Key) throws -> I {
        try ScalarDecoding.integer(type, field(key), at: codingPath + [key])
    }

    func decodeNil(forKey key: Key) throws -> Bool { try field(key).isNull }
    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool {
        try ScalarDecoding.bool(field(key), at: codingPath + [key])
    }
    func decode(_ type: String.Type, forKey key: Key) throws -> String {
        try ScalarDecoding.string(field(key), at: codingPath + [key])
    }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double {
        try ScalarDecoding.double(field(key), at: codingPath + [key])
    }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float {
        try ScalarDecoding.float(field(key), at: codingPath + [key])
    }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try integer(type, key) }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try integer(type, key) }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try integer(type, key) }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try integer(type, key) }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try integer(type, key) }
    func decode(_ type: Int128.Type, forKey key: Key) throws -> Int128 { try integer(type, key) }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try integer(type, key) }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try integer(type, key) }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try integer(type, key) }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try integer(type, key) }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try integer(type, key) }
    func decode(_ type: UInt128.Type, forKey key: Key) throws -> UInt128 { try integer(type, key) }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        try ValueDecoding.decode(type, from: field(key), at: codingPath + [key], userInfo: userInfo)
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws
        -> KeyedDecodingContainer<NestedKey>
    {
        try decoder(for: key, field(key)).container(keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try decoder(for: key, field(key)).unkeyedContainer()
    }

    func superDecoder() throws -> any Decoder {
        decoder(for: ValueCodingKey.super, record["super"] ?? .null)
    }

    func superDecoder(forKey key: Key) throws -> any Decoder {
        decoder(for: key, record[key.stringValue] ?? .null)
    }

    func decoder(for key: any CodingKey, _ value: Value) -> ValueDecoding {
        ValueDecoding(value: value, codingPath: codingPath + [key], sendableUserInfo: userInfo)
    }
}

/// The unkeyed container of ``ValueDecoding``: the items of an array, read in order.
struct UnkeyedValueDecodingContainer: UnkeyedDecodingContainer {
    let items: ValueArray
    let codingPath: [any CodingKey]
    let userInfo: [CodingUserInfoKey: any Sendable]
    var currentIndex = 0

    init(items: ValueArray, codingPath: [any CodingKey], userInfo: [CodingUserInfoKey: any Sendable]) {
        self.items = items
        self.codingPath = codingPath
        self.userInfo = userInfo
    }

    var count: Int? { items.count }
    var isAtEnd: Bool { currentIndex >= items.count }

    /// The coding path of the current item.
    var itemPath: [any CodingKey] { codingPath + [ValueCodingKey.index(currentIndex)] }

    /// Takes the current item, or throws `valueNotFound` past the end.
    mutating func next(_ type: Any.Type) throws -> (Value, [any CodingKey]) {
        guard !isAtEnd else {
            throw DecodingError.valueNotFound(
                type,
                DecodingError.Context(
                    codingPath: itemPath, debugDescription: "the array has only \(items.count) items"))
        }
        let path = itemPath
        currentIndex += 1
        return (items[currentIndex - 1], path)
    }

    mutating func integer<I: FixedWidthInteger>(_ type: I.Type) throws -> I {
        let (value, path) = try next(type)
        return try ScalarDecoding.integer(type, value, at: path)
    }

    mutating func decodeNil() throws -> Bool {
        guard !isAtEnd, items[currentIndex].isNull else { return false }
        currentIndex += 1
        return true
    }
    mutating func decode(_ type: Bool.Type) throws -> Bool {
        let (value, path) = try next(type)
        return try ScalarDecoding.bool(value, at: path)
    }
    mutating func decode(_ type: String.Type) throws -> String {
        let (value, path) = try next(type)
        return try ScalarDecoding.string(value, at: path)
    }
    mutating func decode(_ type: Double.Type) throws -> Double {
        let (value, path) = try next(type)
        return try ScalarDecoding.double(value, at: path)
    }
    mutating func decode(_ type: Float.Type) throws -> Float {
        let (value, path) = try next(type)
        return try ScalarDecoding.float(value, at: path)
    }
    mutating func decode(_ type: Int.Type) throws -> Int { try integer(type) }
    mutating func decode(_ type: Int8.Type) throws -> Int8 { try integer(type) }
    mutating func decode(_ type: Int16.Type) throws -> Int16 { try integer(type) }
    mutating func decode(_ type: Int32.Type) throws -> Int32 { try integer(type) }
    mutating func decode(_ type: Int64.Type) throws -> Int64 { try integer(type) }
    mutating func decode(_ type: Int128.Type) throws -> Int128 { try integer(type) }
    mutating func decode(_ type: UInt.Type) throws -> UInt { try integer(type) }
    mutating func decode(_ type: UInt8.Type) throws -> UInt8 { try integer(type) }
    mutating func decode(_ type: UInt16.Type) throws -> UInt16 { try integer(type) }
    mutating func decode(_ type: UInt32.Type) throws -> UInt32 { try integer(type) }
    mutating func decode(_ type: UInt64.Type) throws -> UInt64 { try integer(type) }
    mutating func decode(_ type: UInt128.Type) throws -> UInt128 { try integer(type) }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
        let (value, path) = try next(type)
        return try ValueDecoding.decode(type, from: value, at: path, userInfo: userInfo)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws
        -> KeyedDecodingContainer<NestedKey>
    {
        let (value, path) = try next(KeyedDecodingContainer<NestedKey>.self)
        return try ValueDecoding(value: value, codingPath: path, sendableUserInfo: userInfo).container(
            keyedBy: type)
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        let (value, path) = try next((any UnkeyedDecodingContainer).self)
        return try ValueDecoding(value: value, codingPath: path, sendableUserInfo: userInfo)
            .unkeyedContainer()
    }

    mutating func superDecoder() throws -> any Decoder {
        let (value, path) = try next((any Decoder).self)
        return ValueDecoding(value: value, codingPath: path, sendableUserInfo: userInfo)
    }
}

/// The single value container of ``ValueDecoding``.
struct ValueDecodingSingleValueContainer: SingleValueDecodingContainer {
    let value: Value
    let codingPath: [any CodingKey]
    let userInfo: [CodingUserInfoKey: any Sendable]

    func integer<I: FixedWidthInteger>(_ type: I.Type) throws -> I {
        try ScalarDecoding.integer(type, value, at: codingPath)
    }

    func decodeNil() -> Bool { value.isNull }
    func decode(_ type: Bool.Type) throws -> Bool { try ScalarDecoding.bool(value, at: codingPath) }
    func decode(_ type: String.Type) throws -> String { try ScalarDecoding.string(value, at: codingPath) }
    func decode(_ type: Double.Type) throws -> Double { try ScalarDecoding.double(value, at: codingPath) }
    func decode(_ type: Float.Type) throws -> Float { try ScalarDecoding.float(value, at: codingPath) }
    func decode(_ type: Int.Type) throws -> Int { try integer(type) }
    func decode(_ type: Int8.Type) throws -> Int8 { try integer(type) }
    func decode(_ type: Int16.Type) throws -> Int16 { try integer(type) }
    func decode(_ type: Int32.Type) throws -> Int32 { try integer(type) }
    func decode(_ type: Int64.Type) throws -> Int64 { try integer(type) }
    func decode(_ type: Int128.Type) throws -> Int128 { try integer(type) }
    func decode(_ type: UInt.Type) throws -> UInt { try integer(type) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try integer(type) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try integer(type) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try integer(type) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try integer(type) }
    func decode(_ type: UInt128.Type) throws -> UInt128 { try integer(type) }

    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        try ValueDecoding.decode(type, from: value, at: codingPath, userInfo: userInfo)
    }
}
