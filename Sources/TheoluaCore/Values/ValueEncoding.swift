/// The `Encoder` handed to `encode(to:)` by ``ValueEncoder``: it fills one box.
struct ValueEncoding: Encoder {
    let context: EncodingContext
    let codingPath: [any CodingKey]
    let box: EncodingBox

    init(context: EncodingContext, codingPath: [any CodingKey], box: EncodingBox = EncodingBox()) {
        self.context = context
        self.codingPath = codingPath
        self.box = box
    }

    var userInfo: [CodingUserInfoKey: Any] { context.userInfo }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        KeyedEncodingContainer(
            KeyedValueEncodingContainer(context: context, box: claim(.record), codingPath: codingPath))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        UnkeyedValueEncodingContainer(context: context, box: claim(.array), codingPath: codingPath)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        ValueEncodingSingleValueContainer(context: context, box: claim(.single), codingPath: codingPath)
    }

    /// The box, now of `kind`; or, when it already holds another kind, a detached box so
    /// that encoding goes on and the misuse is reported when it ends.
    func claim(_ kind: EncodingBox.Kind) -> EncodingBox {
        if box.kind == .unset { box.kind = kind }
        if box.kind == kind { return box }
        context.report(
            "asked for a \(kind) container where a \(box.kind) container was already used; "
                + "encode(to:) must use one kind of container per value",
            at: codingPath)
        return EncodingBox(kind)
    }
}

extension EncodingContext {
    /// `value` as `.int`, or an error when it does not fit `Int`.
    static func integer<I: BinaryInteger & Encodable>(_ value: I, at codingPath: [any CodingKey]) throws
        -> Value
    {
        guard let int = Int(exactly: value) else {
            throw EncodingError.invalidValue(
                value,
                EncodingError.Context(
                    codingPath: codingPath,
                    debugDescription: "\(I.self) \(value) does not fit Int, the integer type a Value holds"))
        }
        return .int(int)
    }

    /// `value` as the `.double` with the same shortest decimal form.
    static func float(_ value: Float) -> Value {
        guard value.isFinite, let double = Double(String(value)) else { return .double(Double(value)) }
        return .double(double)
    }
}

/// The single value container of ``ValueEncoding``.
struct ValueEncodingSingleValueContainer: SingleValueEncodingContainer {
    let context: EncodingContext
    let box: EncodingBox
    let codingPath: [any CodingKey]

    func set(_ value: Value) {
        if !box.parts.isEmpty {
            context.report("a single value container was asked to encode a second value", at: codingPath)
        }
        box.parts.append(.value(value))
    }

    mutating func encodeNil() throws { set(.null) }
    mutating func encode(_ value: Bool) throws { set(.bool(value)) }
    mutating func encode(_ value: String) throws { set(.string(value)) }
    mutating func encode(_ value: Double) throws { set(.double(value)) }
    mutating func encode(_ value: Float) throws { set(EncodingContext.float(value)) }
    mutating func encode(_ value: Int) throws { set(.int(value)) }
    mutating func encode(_ value: Int8) throws { set(.int(Int(value))) }
    mutating func encode(_ value: Int16) throws { set(.int(Int(value))) }
    mutating func encode(_ value: Int32) throws { set(.int(Int(value))) }
    mutating func encode(_ value: Int64) throws { set(try EncodingContext.integer(value, at: codingPath)) }
    mutating func encode(_ value: UInt) throws { set(try EncodingContext.integer(value, at: codingPath)) }
    mutating func encode(_ value: UInt8) throws { set(.int(Int(value))) }
    mutating func encode(_ value: UInt16) throws { set(.int(Int(value))) }
    mutating func encode(_ value: UInt32) throws { set(try EncodingContext.integer(value, at: codingPath)) }
    mutating func encode(_ value: UInt64) throws { set(try EncodingContext.integer(value, at: codingPath)) }
    mutating func encode(_ value: Int128) throws { set(try EncodingContext.integer(value, at: codingPath)) }
    mutating func encode(_ value: UInt128) throws { set(try EncodingContext.integer(value, at: codingPath)) }

    mutating func encode<T: Encodable>(_ value: T) throws {
        set(try context.encode(value, at: codingPath))
    }
}
