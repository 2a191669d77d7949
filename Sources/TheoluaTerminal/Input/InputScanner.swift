/// What one step of scanning found at the front of the pending bytes.
enum ScanResult: Equatable {
    /// The bytes so far are the start of something longer: wait for more.
    case incomplete
    /// A token made of the first `length` bytes.
    case token(InputToken, length: Int)
}

/// A unit of terminal input, before paste bodies are collected.
enum InputToken: Equatable {
    /// A key press.
    case key(KeyEvent)
    /// `ESC [ 200 ~`: a bracketed paste starts.
    case pasteStart
    /// A mouse report (SGR form).
    case mouse(MouseEvent)
    /// The terminal's answer to the keyboard protocol query (`CSI ? flags u`): it
    /// speaks the kitty keyboard protocol.
    case keyboardProtocolReply
    /// `CSI row ; column R`: the answer to a cursor position query, or F3 with
    /// modifiers (`CSI 1 ; m R`) when none was asked.
    case cursorReport(row: Int, column: Int)
    /// Bytes that mean nothing to us (an unknown or malformed sequence, a stray paste
    /// end, a C1 control): dropped.
    case ignored
}

/// The stateless part of decoding: finds the token at the front of some bytes.
///
/// `atTimeout` says no more bytes are coming soon, so a prefix that could still grow
/// (a lone ESC, half a character) must be resolved now instead of waiting.
enum InputScanner {
    static let escape: UInt8 = 0x1B

    /// Scans the token at the front of `bytes`, which must not be empty.
    static func scan(_ bytes: ArraySlice<UInt8>, atTimeout: Bool) -> ScanResult {
        guard let first = bytes.first else { return .incomplete }
        if first == escape {
            return scanEscape(bytes, atTimeout: atTimeout)
        }
        return scanPlain(bytes, atTimeout: atTimeout)
    }

    /// Scans a control byte, DEL, or a UTF-8 character.
    static func scanPlain(_ bytes: ArraySlice<UInt8>, atTimeout: Bool) -> ScanResult {
        guard let first = bytes.first else { return .incomplete }
        if let key = controlKey(first) {
            return .token(.key(key), length: 1)
        }
        switch UTF8Scanner.scan(bytes, atTimeout: atTimeout) {
        case .incomplete:
            return .incomplete
        case .scalar(let scalar, let length):
            if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) {
                return .token(.ignored, length: length)
            }
            return .token(.key(.character(Character(scalar))), length: length)
        }
    }

    /// The key a C0 control byte or DEL stands for in raw mode; nil for other bytes
    /// (and for ESC, which starts sequences).
    static func controlKey(_ byte: UInt8) -> KeyEvent? {
        switch byte {
        case 0x00: KeyEvent(.space, ctrl: true)
        case 0x08, 0x7F: KeyEvent(.backspace)
        case 0x09: KeyEvent(.tab)
        case 0x0D: KeyEvent(.enter)
        case 0x01...0x1A: .character(Character(Unicode.Scalar(byte + 0x60)), ctrl: true)
        case 0x1C: .character("\\", ctrl: true)
        case 0x1D: .character("]", ctrl: true)
        case 0x1E: .character("^", ctrl: true)
        case 0x1F: .character("_", ctrl: true)
        default: nil
        }
    }

    /// Scans what starts with ESC: a CSI or SS3 sequence, an alt-prefixed key, or esc.
    static func scanEscape(_ bytes: ArraySlice<UInt8>, atTimeout: Bool) -> ScanResult {
        let start = bytes.startIndex
        guard bytes.count > 1 else {
            return atTimeout ? .token(.key(KeyEvent(.esc)), length: 1) : .incomplete
        }
        let second = bytes[start + 1]
        switch second {
        case UInt8(ascii: "["), UInt8(ascii: "O"):
            let sequence = EscapeSequence.scan(bytes, atTimeout: atTimeout)
            if case .token(.ignored, length: 2) = sequence {
                // ESC [ or ESC O with nothing after it, at a timeout: alt+[ or alt+O.
                return .token(.key(.character(Character(Unicode.Scalar(second)), alt: true)), length: 2)
            }
            return sequence
        case escape:
            // ESC ESC [ … is alt plus a sequence; any other ESC ESC is esc, then ESC.
            guard bytes.count > 2 else {
                return atTimeout ? .token(.key(KeyEvent(.esc)), length: 1) : .incomplete
            }
            let third = bytes[start + 2]
            guard third == UInt8(ascii: "[") || third == UInt8(ascii: "O") else {
                return .token(.key(KeyEvent(.esc)), length: 1)
            }
            return withAlt(scanEscape(bytes.dropFirst(), atTimeout: atTimeout))
        default:
            return withAlt(scanPlain(bytes.dropFirst(), atTimeout: atTimeout))
        }
    }

    /// Adds alt to a scanned key and counts the ESC that carried it.
    private static func withAlt(_ result: ScanResult) -> ScanResult {
        guard case .token(let token, let length) = result else { return result }
        guard case .key(var key) = token else { return .token(token, length: length + 1) }
        key.alt = true
        key.text = nil
        return .token(.key(key), length: length + 1)
    }
}
