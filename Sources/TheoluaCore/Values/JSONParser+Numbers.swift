extension JSONParser {
    /// Reads a number at the current position: `.int` when it has no fraction or
    /// exponent and fits `Int`, `.double` otherwise.
    ///
    /// Most numbers are converted exactly from the digits read (an integer, or up to 15
    /// significant digits scaled by a power of ten up to 10^22, which a `Double` holds
    /// exactly); the rest go through the standard library's correctly rounded parser.
    mutating func readNumber() throws(JSONError) -> Value {
        let start = position
        let negative = peek() == UInt8(ascii: "-")
        if negative { position += 1 }

        var significand: UInt64 = 0
        var significantDigits = 0
        /// The power of ten the significand is scaled by (minus the fraction's digits).
        var scale = 0

        // Integer part: `0` or a digit 1-9 followed by digits.
        guard let first = peek(), Self.isDigit(first) else {
            throw error(.invalidNumber("expected a digit after '-'"))
        }
        if first == UInt8(ascii: "0") {
            position += 1
            if let next = peek(), Self.isDigit(next) {
                throw error(.invalidNumber("leading zeros are not allowed"), at: start)
            }
        } else {
            while let byte = peek(), Self.isDigit(byte) {
                Self.accumulate(
                    byte, into: &significand, digits: &significantDigits, scale: &scale, fraction: false)
                position += 1
            }
        }
        let integerEnd = position

        if peek() == UInt8(ascii: ".") {
            position += 1
            guard let byte = peek(), Self.isDigit(byte) else {
                throw error(.invalidNumber("expected a digit after '.'"))
            }
            while let byte = peek(), Self.isDigit(byte) {
                Self.accumulate(
                    byte, into: &significand, digits: &significantDigits, scale: &scale, fraction: true)
                position += 1
            }
        }

        var exponent = 0
        if let byte = peek(), byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E") {
            position += 1
            var exponentNegative = false
            if let sign = peek(), sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") {
                exponentNegative = sign == UInt8(ascii: "-")
                position += 1
            }
            guard let digit = peek(), Self.isDigit(digit) else {
                throw error(.invalidNumber("expected a digit in the exponent"))
            }
            while let digit = peek(), Self.isDigit(digit) {
                // Past a million the exact exponent no longer matters: the result is 0 or out of range.
                if exponent < 1_000_000 { exponent = exponent * 10 + Int(digit - UInt8(ascii: "0")) }
                position += 1
            }
            if exponentNegative { exponent = -exponent }
        }

        if position == integerEnd, significantDigits <= 19, scale == 0 {
            if negative {
                if significand <= UInt64(Int.max) { return .int(-Int(significand)) }
                if significand == UInt64(Int.max) + 1 { return .int(Int.min) }
            } else if significand <= UInt64(Int.max) {
                return .int(Int(significand))
            }
        }

        let power = scale + exponent
        if significantDigits <= 15, (-22...22).contains(power) {
            var magnitude = Double(significand)
            if power < 0 {
                magnitude /= Self.powersOfTen[-power]
            } else {
                magnitude *= Self.powersOfTen[power]
            }
            return .double(negative ? -magnitude : magnitude)
        }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<position]), as: UTF8.self)
        guard let parsed = Double(text), parsed.isFinite else { throw error(.numberOutOfRange, at: start) }
        return .double(parsed)
    }

    /// Adds one decimal digit to the significand. Leading zeros are not significant; past
    /// 19 significant digits the significand stops growing (the slow path takes over),
    /// but integer digits still raise the scale so the fast path is never wrongly taken.
    static func accumulate(
        _ byte: UInt8, into significand: inout UInt64, digits: inout Int, scale: inout Int, fraction: Bool
    ) {
        let digit = UInt64(byte - UInt8(ascii: "0"))
        if significand == 0 && digit == 0 {
            if fraction { scale -= 1 }
            return
        }
        if digits < 19 {
            significand = significand * 10 + digit
            if fraction { scale -= 1 }
        } else if !fraction {
            scale += 1
        }
        digits += 1
    }

    static func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }

    /// 10^0 through 10^22, every one exactly representable as a `Double`.
    static let powersOfTen: [Double] = [
        1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
        1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
    ]
}
