/// The keyed container of ``ValueEncoding``: fields appended to a record box in order.
struct KeyedValueEncodingContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let context: EncodingContext
    let box: EncodingBox
    let codingPath: [any CodingKey]

    func set(_ part: EncodingBox.Part, for key: any CodingKey) {
        box.keys.append(key.stringValue)
        box.parts.append(part)
    }

    func set(_ value: Value, for key: Key) { set(.value(value), for: key) }

    func integer<I: BinaryInteger & Encodable>(_ value: I, _ key: Key) throws {
        set(try EncodingContext.integer(value, at: codingPath + [key]), for: key)
    }

    mutating func encodeNil(forKey key: Key) throws { set(.null, for: key) }
    mutating func encode(_ value: Bool, forKey key: Key) throws { set(.bool(value), for: key) }
    mutating func encode(_ value: String, forKey key: Key) throws { set(.string(value), for: key) }
    mutating func encode(_ value: Double, forKey key: Key) throws { set(.double(value), for: key) }
    mutating func encode(_ value: Float, forKey key: Key) throws {
        set(EncodingContext.float(value), for: key)
    }
    mutating func encode(_ value: Int, forKey key: Key) throws { set(.int(value), for: key) }
    mutating func encode(_ value: Int8, forKey key: Key) throws { set(.int(Int(value)), for: key) }
    mutating func encode(_ value: Int16, forKey key: Key) throws { set(.int(Int(value)), for: key) }
    mutating func encode(_ value: Int32, forKey key: Key) throws { try integer(value, key) }
    mutating func encode(_ value: Int64, forKey key: Key) throws { try integer(value, key) }
    mutating func encode(_ value: UInt, forKey key: Key) throws { try integer(value, key) }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { set(.int(Int(value)), for: key) }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { set(.int(Int(value)), for: key) }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { try integer(value, key) }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { try integer(value, key) }
    mutating func encode(_ value: Int128, forKey key: Key) throws { try integer(value, key) }
    mutating func encode(_ value: UInt128, forKey key: Key) throws { try integer(value, key) }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        set(try context.encode(value, at: codingPath + [key]), for: key)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key)
        -> KeyedEncodingContainer<NestedKey>
    {
        let child = EncodingBox(.record)
        set(.box(child), for: key)
        return KeyedEncodingContainer(
            KeyedValueEncodingContainer<NestedKey>(
                context: context, box: child, codingPath: codingPath + [key]))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        let child = EncodingBox(.array)
        set(.box(child), for: key)
        return UnkeyedValueEncodingContainer(context: context, box: child, codingPath: codingPath + [key])
    }

    mutating func superEncoder() -> any Encoder { superEncoder(for: ValueCodingKey.super) }

    mutating func superEncoder(forKey key: Key) -> any Encoder { superEncoder(for: key) }

    func superEncoder(for key: any CodingKey) -> any Encoder {
        let child = EncodingBox()
        set(.box(child), for: key)
        return ValueEncoding(context: context, codingPath: codingPath + [key], box: child)
    }
}

/// The unkeyed container of ``ValueEncoding``: items appended to an array box.
struct UnkeyedValueEncodingContainer: UnkeyedEncodingContainer {
    let context: EncodingContext
    let box: EncodingBox
    let codingPath: [any CodingKey]

    var count: Int { box.parts.count }

    /// The coding path of the next item.
    var nextPath: [any CodingKey] { codingPath + [ValueCodingKey.index(count)] }

    func append(_ value: Value) { box.parts.append(.value(value)) }

    func integer<I: BinaryInteger & Encodable>(_ value: I) throws {
        append(try EncodingContext.integer(value, at: nextPath))
    }

    mutating func encodeNil() throws { append(.null) }
    mutating func encode(_ value: Bool) throws { append(.bool(value)) }
    mutating func encode(_ value: String) throws { append(.string(value)) }
    mutating func encode(_ value: Double) throws { append(.double(value)) }
    mutating func encode(_ value: Float) throws { append(EncodingContext.float(value)) }
    mutating func encode(_ value: Int) throws { append(.int(value)) }
    mutating func encode(_ value: Int8) throws { append(.int(Int(value))) }
    mutating func encode(_ value: Int16) throws { append(.int(Int(value))) }
    mutating func encode(_ value: Int32) throws { try integer(value) }
    mutating func encode(_ value: Int64) throws { try integer(value) }
    mutating func encode(_ value: UInt) throws { try integer(value) }
    mutating func encode(_ value: UInt8) throws { append(.int(Int(value))) }
    mutating func encode(_ value: UInt16) throws { append(.int(Int(value))) }
    mutating func encode(_ value: UInt32) throws { try integer(value) }
    mutating func encode(_ value: UInt64) throws { try integer(value) }
    mutating func encode(_ value: Int128) throws { try integer(value) }
    mutating func encode(_ value: UInt128) throws { try integer(value) }

    mutating func encode<T: Encodable>(_ value: T) throws {
        append(try context.encode(value, at: nextPath))
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type)
        -> KeyedEncodingContainer<NestedKey>
    {
        let child = EncodingBox(.record)
        let path = nextPath
        box.parts.append(.box(child))
        return KeyedEncodingContainer(
            KeyedValueEncodingContainer<NestedKey>(context: context, box: child, codingPath: path))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let child = EncodingBox(.array)
        let path = nextPath
        box.parts.append(.box(child))
        return UnkeyedValueEncodingContainer(context: context, box: child, codingPath: path)
    }

    mutating func superEncoder() -> any Encoder {
        let child = EncodingBox()
        let path = nextPath
        box.parts.append(.box(child))
        return ValueEncoding(context: context, codingPath: path, box: child)
    }
}
