extension JSONParser {
    /// An error for `reason` at byte `offset` (the current position by default), with
    /// its line and column worked out only now that they are needed.
    func error(_ reason: JSONError.Reason, at offset: Int? = nil) -> JSONError {
        let offset = min(offset ?? position, bytes.count)
        var line = 1
        var lineStart = 0
        for index in 0..<offset where bytes[index] == 0x0A {
            line += 1
            lineStart = index + 1
        }
        var column = 1
        for index in lineStart..<offset where !Self.isContinuationByte(bytes[index]) {
            column += 1
        }
        return JSONError(reason, line: line, column: column, byteOffset: offset)
    }

    /// An error saying what was expected at the current position and what is there.
    func unexpected(expected: String) -> JSONError {
        error(.unexpected(expected: expected, found: describeFound(at: position)))
    }

    /// What is at byte `offset`, for messages: `'x'`, `U+0007` or `end of input`.
    func describeFound(at offset: Int) -> String {
        guard offset < bytes.count else { return "end of input" }
        var end = offset + 1
        while end < bytes.count && Self.isContinuationByte(bytes[end]) { end += 1 }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[offset..<end]), as: UTF8.self)
        guard let scalar = text.unicodeScalars.first else { return "end of input" }
        if scalar.value < 0x21 || (0x7F...0xA0).contains(scalar.value) || scalar.properties.isWhitespace {
            return JSONError.scalarName(scalar.value)
        }
        return "'\(scalar)'"
    }

    static func isContinuationByte(_ byte: UInt8) -> Bool {
        byte & 0xC0 == 0x80
    }
}
