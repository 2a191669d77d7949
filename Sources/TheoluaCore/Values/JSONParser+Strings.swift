extension JSONParser {
    /// Reads a string whose opening quote is at the current position.
    ///
    /// A string without escapes is made straight from its bytes; the text came from a
    /// Swift `String`, so its bytes are valid UTF-8 already. Escapes are decoded into a
    /// byte buffer; `\u` escapes that are lone surrogates become U+FFFD.
    mutating func readString() throws(JSONError) -> String {
        let quote = position
        position += 1
        let start = position
        while position < bytes.count {
            let byte = bytes[position]
            if byte == UInt8(ascii: "\"") {
                position += 1
                return String(
                    decoding: UnsafeBufferPointer(rebasing: bytes[start..<position - 1]), as: UTF8.self)
            }
            if byte == UInt8(ascii: "\\") { break }
            if byte < 0x20 { throw error(.unescapedControlCharacter(UInt32(byte))) }
            position += 1
        }
        var buffer = Array(UnsafeBufferPointer(rebasing: bytes[start..<position]))
        while position < bytes.count {
            let byte = bytes[position]
            switch byte {
            case UInt8(ascii: "\""):
                position += 1
                return String(decoding: buffer, as: UTF8.self)
            case UInt8(ascii: "\\"):
                try readEscape(into: &buffer)
            case 0..<0x20:
                throw error(.unescapedControlCharacter(UInt32(byte)))
            default:
                buffer.append(byte)
                position += 1
            }
        }
        throw error(.unterminatedString, at: quote)
    }

    /// Decodes the escape at the current position (its backslash) into `buffer`.
    mutating func readEscape(into buffer: inout [UInt8]) throws(JSONError) {
        let backslash = position
        position += 1
        guard let byte = peek() else { throw error(.unterminatedString, at: backslash) }
        position += 1
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): buffer.append(byte)
        case UInt8(ascii: "b"): buffer.append(0x08)
        case UInt8(ascii: "f"): buffer.append(0x0C)
        case UInt8(ascii: "n"): buffer.append(0x0A)
        case UInt8(ascii: "r"): buffer.append(0x0D)
        case UInt8(ascii: "t"): buffer.append(0x09)
        case UInt8(ascii: "u"):
            let unit = try readHexUnit(escapeAt: backslash)
            switch unit {
            case 0xD800...0xDBFF:
                if let low = readLowSurrogate() {
                    Self.appendUTF8(0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00), to: &buffer)
                } else {
                    Self.appendUTF8(0xFFFD, to: &buffer)
                }
            case 0xDC00...0xDFFF:
                Self.appendUTF8(0xFFFD, to: &buffer)
            default:
                Self.appendUTF8(unit, to: &buffer)
            }
        default:
            position = backslash
            throw error(.invalidEscape(escapeText(at: backslash, length: 2)))
        }
    }

    /// Reads the four hex digits of a `\u` escape.
    mutating func readHexUnit(escapeAt backslash: Int) throws(JSONError) -> UInt32 {
        var unit: UInt32 = 0
        for _ in 0..<4 {
            guard let byte = peek(), let digit = Self.hexDigit(byte) else {
                throw error(.invalidEscape(escapeText(at: backslash, length: 6)), at: backslash)
            }
            unit = unit << 4 | digit
            position += 1
        }
        return unit
    }

    /// Reads a `\uDC00`…`\uDFFF` escape if one is next; otherwise reads nothing.
    mutating func readLowSurrogate() -> UInt32? {
        guard position + 6 <= bytes.count, bytes[position] == UInt8(ascii: "\\"),
            bytes[position + 1] == UInt8(ascii: "u")
        else { return nil }
        var unit: UInt32 = 0
        for offset in 2..<6 {
            guard let digit = Self.hexDigit(bytes[position + offset]) else { return nil }
            unit = unit << 4 | digit
        }
        guard (0xDC00...0xDFFF).contains(unit) else { return nil }
        position += 6
        return unit
    }

    /// Up to `length` bytes of the text from `offset` on, cut before any line break.
    func escapeText(at offset: Int, length: Int) -> String {
        var end = offset
        while end < min(bytes.count, offset + length) && bytes[end] >= 0x20 { end += 1 }
        while end < bytes.count && Self.isContinuationByte(bytes[end]) { end += 1 }
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[offset..<end]), as: UTF8.self)
    }

    static func hexDigit(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
        default: nil
        }
    }

    /// Appends the UTF-8 encoding of scalar value `scalar` (not a surrogate).
    static func appendUTF8(_ scalar: UInt32, to buffer: inout [UInt8]) {
        switch scalar {
        case 0..<0x80:
            buffer.append(UInt8(scalar))
        case 0x80..<0x800:
            buffer.append(UInt8(0xC0 | scalar >> 6))
            buffer.append(UInt8(0x80 | scalar & 0x3F))
        case 0x800..<0x10000:
            buffer.append(UInt8(0xE0 | scalar >> 12))
            buffer.append(UInt8(0x80 | scalar >> 6 & 0x3F))
            buffer.append(UInt8(0x80 | scalar & 0x3F))
        default:
            buffer.append(UInt8(0xF0 | scalar >> 18))
            buffer.append(UInt8(0x80 | scalar >> 12 & 0x3F))
            buffer.append(UInt8(0x80 | scalar >> 6 & 0x3F))
            buffer.append(UInt8(0x80 | scalar & 0x3F))
        }
    }
}
