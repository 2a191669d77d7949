/// Values encode as their JSON shape with any encoder: records as keyed containers in
/// insertion order, arrays as unkeyed containers, scalars as single values. Handlers
/// and elements, which no other format can carry, encode as the strings that
/// ``JSONValueWriter`` writes for them; ``ValueEncoder`` keeps them as they are.
extension Value: Codable {
    /// Encodes the value in its JSON shape; see the extension's notes.
    public func encode(to encoder: any Encoder) throws {
        switch self {
        case .array(let items):
            try items.encode(to: encoder)
        case .record(let record):
            try record.encode(to: encoder)
        default:
            var container = encoder.singleValueContainer()
            switch self {
            case .null: try container.encodeNil()
            case .bool(let flag): try container.encode(flag)
            case .int(let number): try container.encode(number)
            case .double(let number): try container.encode(number)
            case .string(let text): try container.encode(text)
            case .handler(let handler): try container.encode(handler)
            case .element(let element): try container.encode(element)
            case .array, .record: break
            }
        }
    }

    /// Decodes whatever the decoder holds: `nil`, a boolean, an integer, a number, a
    /// string, a keyed container (as a record) or an unkeyed one (as an array).
    public init(from decoder: any Decoder) throws {
        if let container = try? decoder.singleValueContainer() {
            if container.decodeNil() {
                self = .null
                return
            }
            if let flag = try? container.decode(Bool.self) {
                self = .bool(flag)
                return
            }
            if let number = try? container.decode(Int.self) {
                self = .int(number)
                return
            }
            if let number = try? container.decode(Double.self) {
                self = .double(number)
                return
            }
            if let text = try? container.decode(String.self) {
                self = .string(text)
                return
            }
        }
        if let record = try? Record(from: decoder) {
            self = .record(record)
            return
        }
        self = .array(try ValueArray(from: decoder))
    }
}

/// A record encodes as a keyed container, its fields in insertion order.
extension Record: Codable {
    /// Encodes the fields in insertion order into a keyed container.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: ValueCodingKey.self)
        for (key, value) in self {
            try container.encode(value, forKey: ValueCodingKey(stringValue: key))
        }
    }

    /// Decodes a keyed container's fields in the order the decoder lists them.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: ValueCodingKey.self)
        var entries: [Entry] = []
        entries.reserveCapacity(container.allKeys.count)
        for key in container.allKeys {
            entries.append(Entry(key: key.stringValue, value: try container.decode(Value.self, forKey: key)))
        }
        self.init(parsedEntries: entries)
    }
}

/// An array encodes as an unkeyed container.
extension ValueArray: Codable {
    /// Encodes the items in order into an unkeyed container.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.unkeyedContainer()
        for value in self { try container.encode(value) }
    }

    /// Decodes an unkeyed container's items.
    public init(from decoder: any Decoder) throws {
        var container = try decoder.unkeyedContainer()
        var values: [Value] = []
        if let count = container.count { values.reserveCapacity(count) }
        while !container.isAtEnd {
            values.append(try container.decode(Value.self))
        }
        self.init(values)
    }
}

/// A handler encodes as a string describing it, `"<handler: handler(Counter.increment)>"`;
/// ``ValueEncoder`` keeps it as it is. Only ``ValueDecoder`` can decode one, from a
/// value holding a handler.
extension Handler: Codable {
    /// Encodes the string describing the handler.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode("<handler: \(description)>")
    }

    /// Always throws: handlers cannot be read from other formats. ``ValueDecoder`` does
    /// not call this for a value holding a handler; it takes the handler as it is.
    public init(from decoder: any Decoder) throws {
        throw DecodingError.typeMismatch(
            Handler.self,
            DecodingError.Context(
                codingPath: decoder.codingPath,
                debugDescription:
                    "expected a handler; only ValueDecoder decodes handlers, from values holding them"))
    }
}

/// An element encodes as a string describing it, `"<element: text{text = \"hi\"}>"`;
/// ``ValueEncoder`` keeps it as it is. Only ``ValueDecoder`` can decode one, from a
/// value holding an element.
extension Element: Codable {
    /// Encodes the string describing the element.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode("<element: \(description)>")
    }

    /// Always throws: elements cannot be read from other formats. ``ValueDecoder`` does
    /// not call this for a value holding an element; it takes the element as it is.
    public init(from decoder: any Decoder) throws {
        throw DecodingError.typeMismatch(
            Element.self,
            DecodingError.Context(
                codingPath: decoder.codingPath,
                debugDescription:
                    "expected an element; only ValueDecoder decodes elements, from values holding them"))
    }
}
