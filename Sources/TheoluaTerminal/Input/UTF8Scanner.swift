/// Decodes one UTF-8 scalar at a time, replacing ill-formed bytes with U+FFFD the way
/// the Unicode standard recommends (one replacement per maximal ill-formed subpart).
enum UTF8Scanner {
    /// The result of scanning one scalar.
    enum Result: Equatable {
        /// The bytes so far begin a well-formed scalar: wait for more.
        case incomplete
        /// A scalar (possibly U+FFFD) made of the first `length` bytes.
        case scalar(Unicode.Scalar, length: Int)
    }

    /// Scans the scalar at the front of `bytes`; at a timeout a truncated scalar
    /// becomes U+FFFD instead of waiting.
    static func scan(_ bytes: ArraySlice<UInt8>, atTimeout: Bool) -> Result {
        let start = bytes.startIndex
        guard let lead = bytes.first else { return .incomplete }
        if lead < 0x80 {
            return .scalar(Unicode.Scalar(lead), length: 1)
        }
        guard let (length, secondRange) = shape(ofLead: lead) else {
            return .scalar(Unicode.Scalar.replacement, length: 1)
        }
        var value = UInt32(lead) & (0xFF >> (length + 1))
        for offset in 1..<length {
            guard start + offset < bytes.endIndex else {
                return atTimeout ? .scalar(.replacement, length: offset) : .incomplete
            }
            let byte = bytes[start + offset]
            let allowed = offset == 1 ? secondRange : 0x80...0xBF
            guard allowed.contains(byte) else {
                return .scalar(.replacement, length: offset)
            }
            value = value << 6 | UInt32(byte & 0x3F)
        }
        return .scalar(Unicode.Scalar(value) ?? .replacement, length: length)
    }

    /// The length of the scalar a lead byte starts and the range its second byte must
    /// fall in (narrower than 80…BF where that excludes overlong forms, surrogates and
    /// values past U+10FFFF); nil for bytes that cannot lead.
    private static func shape(ofLead lead: UInt8) -> (Int, ClosedRange<UInt8>)? {
        switch lead {
        case 0xC2...0xDF: (2, 0x80...0xBF)
        case 0xE0: (3, 0xA0...0xBF)
        case 0xE1...0xEC, 0xEE...0xEF: (3, 0x80...0xBF)
        case 0xED: (3, 0x80...0x9F)
        case 0xF0: (4, 0x90...0xBF)
        case 0xF1...0xF3: (4, 0x80...0xBF)
        case 0xF4: (4, 0x80...0x8F)
        default: nil
        }
    }
}

extension Unicode.Scalar {
    /// U+FFFD REPLACEMENT CHARACTER, shown for bytes that are not UTF-8.
    static let replacement: Unicode.Scalar = "\u{FFFD}"
}
