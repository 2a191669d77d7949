/// A strict RFC 8259 parser from UTF-8 bytes to ``Value``.
///
/// The parser keeps its open arrays and objects on explicit stacks rather than
/// recursing, so no document can exhaust the thread's stack: nesting beyond
/// `maximumDepth` is an ordinary ``JSONError``. Object keys keep their order (a repeated
/// key keeps its first position and takes its last value, as ``Record`` does).
struct JSONParser: ~Copyable {
    /// An open container and where its items start on the shared item stack.
    enum Frame {
        /// An array whose items start at `start` in ``JSONParser/items``.
        case array(start: Int)
        /// An object whose fields start at `start` in ``JSONParser/fields``.
        case object(start: Int)
    }

    let bytes: UnsafeBufferPointer<UInt8>
    let maximumDepth: Int
    var position = 0

    /// The open containers, innermost last.
    var frames: [Frame] = []
    /// The items read so far of every open array, outermost first. One shared stack
    /// grows once and is reused, so closing an array allocates only its own storage.
    var items: [Value] = []
    /// The fields read so far of every open object, outermost first.
    var fields: [Record.Entry] = []
    /// The key awaiting its value in each open object, innermost last.
    var keys: [String] = []

    init(bytes: UnsafeBufferPointer<UInt8>, maximumDepth: Int) {
        self.bytes = bytes
        self.maximumDepth = maximumDepth
    }

    /// Parses the whole text as one JSON value with nothing but whitespace around it.
    mutating func parseDocument() throws(JSONError) -> Value {
        var value: Value
        scanning: while true {
            guard let complete = try readValueOrOpen() else { continue scanning }
            value = complete
            // A value is complete: add it to the innermost container, closing those it completes.
            while let frame = frames.last {
                skipWhitespace()
                switch frame {
                case .array(let start):
                    items.append(value)
                    switch peek() {
                    case UInt8(ascii: ","):
                        position += 1
                        continue scanning
                    case UInt8(ascii: "]"):
                        position += 1
                        frames.removeLast()
                        value = .array(ValueArray(Array(items[start...])))
                        items.removeSubrange(start...)
                    default:
                        throw unexpected(expected: "',' or ']'")
                    }
                case .object(let start):
                    fields.append(Record.Entry(key: keys.removeLast(), value: value))
                    switch peek() {
                    case UInt8(ascii: ","):
                        position += 1
                        try readKey()
                        continue scanning
                    case UInt8(ascii: "}"):
                        position += 1
                        frames.removeLast()
                        value = .record(Record(parsedEntries: Array(fields[start...])))
                        fields.removeSubrange(start...)
                    default:
                        throw unexpected(expected: "',' or '}'")
                    }
                }
            }
            break
        }
        skipWhitespace()
        guard position == bytes.count else { throw unexpected(expected: "end of input") }
        return value
    }

    /// Reads a scalar or an empty container and returns it; or opens a non-empty
    /// container and returns `nil`, its first item being next.
    mutating func readValueOrOpen() throws(JSONError) -> Value? {
        skipWhitespace()
        guard let byte = peek() else { throw unexpected(expected: "a value") }
        switch byte {
        case UInt8(ascii: "\""):
            return .string(try readString())
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return try readNumber()
        case UInt8(ascii: "{"):
            try checkDepth()
            position += 1
            skipWhitespace()
            if peek() == UInt8(ascii: "}") {
                position += 1
                return .record(Record())
            }
            frames.append(.object(start: fields.count))
            try readKey(afterComma: false)
            return nil
        case UInt8(ascii: "["):
            try checkDepth()
            position += 1
            skipWhitespace()
            if peek() == UInt8(ascii: "]") {
                position += 1
                return .array(ValueArray())
            }
            frames.append(.array(start: items.count))
            return nil
        case UInt8(ascii: "t"):
            try readLiteral("true")
            return .bool(true)
        case UInt8(ascii: "f"):
            try readLiteral("false")
            return .bool(false)
        case UInt8(ascii: "n"):
            try readLiteral("null")
            return .null
        default:
            throw unexpected(expected: "a value")
        }
    }

    /// Reads an object's key and its colon, leaving the key on ``keys``.
    mutating func readKey(afterComma: Bool = true) throws(JSONError) {
        skipWhitespace()
        guard peek() == UInt8(ascii: "\"") else {
            throw unexpected(expected: afterComma ? "a string key" : "a string key or '}'")
        }
        let key = try readString()
        skipWhitespace()
        guard peek() == UInt8(ascii: ":") else { throw unexpected(expected: "':'") }
        position += 1
        keys.append(key)
    }

    mutating func checkDepth() throws(JSONError) {
        if frames.count >= maximumDepth { throw error(.tooDeep(limit: maximumDepth)) }
    }

    /// Reads `word` exactly, reporting the first byte that differs.
    mutating func readLiteral(_ word: StaticString) throws(JSONError) {
        let count = word.utf8CodeUnitCount
        let start = word.utf8Start
        for offset in 0..<count {
            guard peek() == start[offset] else { throw unexpected(expected: "'\(word)'") }
            position += 1
        }
    }

    func peek() -> UInt8? {
        position < bytes.count ? bytes[position] : nil
    }

    mutating func skipWhitespace() {
        while position < bytes.count {
            switch bytes[position] {
            case 0x20, 0x0A, 0x0D, 0x09: position += 1
            default: return
            }
        }
    }
}
