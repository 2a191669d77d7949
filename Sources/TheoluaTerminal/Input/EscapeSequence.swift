/// Scans and interprets CSI (`ESC [`) and SS3 (`ESC O`) sequences from the
/// keyboard: xterm, VT220, rxvt and linux console variants, with modifiers.
enum EscapeSequence {
    /// A sequence longer than this without a final byte is garbage: drop it rather
    /// than buffer forever.
    static let maximumLength = 64

    /// Scans the sequence at the front of `bytes`, which start with `ESC [` or `ESC O`.
    ///
    /// A malformed sequence is dropped up to the byte that broke it, which is then
    /// scanned again (it may be an ESC starting the next key). At a timeout, an
    /// unfinished sequence is dropped whole; the caller turns a bare `ESC [` or `ESC O`
    /// (dropped with length 2) into alt+[ or alt+O.
    static func scan(_ bytes: ArraySlice<UInt8>, atTimeout: Bool) -> ScanResult {
        let start = bytes.startIndex
        let introducer = bytes[start + 1]
        var index = start + 2
        if introducer == UInt8(ascii: "["), index < bytes.endIndex, bytes[index] == UInt8(ascii: "[") {
            return scanLinuxFunctionKey(bytes, atTimeout: atTimeout)
        }
        if introducer == UInt8(ascii: "["), index < bytes.endIndex, bytes[index] == UInt8(ascii: "M") {
            return scanX10Mouse(bytes, atTimeout: atTimeout)
        }
        let parametersStart = index
        var intermediatesStart: Int?
        while index < bytes.endIndex {
            let byte = bytes[index]
            switch byte {
            case 0x30...0x3F where intermediatesStart == nil:
                break
            case UInt8(ascii: "$") where introducer == UInt8(ascii: "[") && intermediatesStart == nil:
                // rxvt ends shifted editing keys with `$` (ESC [ 5 $), an intermediate byte
                // in ECMA-48; treat it as final or the next key would be swallowed.
                return finish(bytes, introducer, parametersStart..<index, nil, byte, end: index)
            case 0x20...0x2F:
                intermediatesStart = intermediatesStart ?? index
            case 0x40...0x7E:
                let parametersEnd = intermediatesStart ?? index
                let intermediates = intermediatesStart.map { $0..<index }
                return finish(
                    bytes, introducer, parametersStart..<parametersEnd, intermediates, byte, end: index)
            default:
                return .token(.ignored, length: index - start)
            }
            index += 1
            if index - start > maximumLength {
                return .token(.ignored, length: index - start)
            }
        }
        return atTimeout ? .token(.ignored, length: bytes.count) : .incomplete
    }

    /// The linux console's F1–F5: `ESC [ [ A` … `ESC [ [ E`.
    private static func scanLinuxFunctionKey(_ bytes: ArraySlice<UInt8>, atTimeout: Bool) -> ScanResult {
        let index = bytes.startIndex + 3
        guard index < bytes.endIndex else {
            return atTimeout ? .token(.ignored, length: bytes.count) : .incomplete
        }
        let letter = bytes[index]
        guard (UInt8(ascii: "A")...UInt8(ascii: "E")).contains(letter),
            let key = SpecialKey.function(Int(letter - UInt8(ascii: "A")) + 1)
        else {
            return .token(.ignored, length: 4)
        }
        return .token(.key(KeyEvent(key)), length: 4)
    }

    /// A mouse report in the old X10 form, `ESC [ M` and three bytes (button, column,
    /// row, each plus 32), which a terminal without SGR reporting sends instead: read
    /// whole, so its bytes are never taken for typed keys.
    private static func scanX10Mouse(_ bytes: ArraySlice<UInt8>, atTimeout: Bool) -> ScanResult {
        let start = bytes.startIndex
        guard bytes.count >= 6 else {
            return atTimeout ? .token(.ignored, length: bytes.count) : .incomplete
        }
        let code = Int(bytes[start + 3]) - 32
        let column = Int(bytes[start + 4]) - 32
        let row = Int(bytes[start + 5]) - 32
        // Button 3 is "released" in this form, which does not say which button was.
        let event = MouseEvent(sgrButton: code, column: column, row: row, released: code & 0xE3 == 3)
        return .token(event.map(InputToken.mouse) ?? .ignored, length: 6)
    }

    private static func finish(
        _ bytes: ArraySlice<UInt8>, _ introducer: UInt8, _ parameters: Range<Int>,
        _ intermediates: Range<Int>?, _ final: UInt8, end: Int
    ) -> ScanResult {
        let length = end + 1 - bytes.startIndex
        guard intermediates == nil else { return .token(.ignored, length: length) }
        let token = interpret(introducer: introducer, parameters: bytes[parameters], final: final)
        return .token(token, length: length)
    }

    /// The meaning of a complete sequence without intermediate bytes.
    static func interpret(introducer: UInt8, parameters: ArraySlice<UInt8>, final: UInt8) -> InputToken {
        if let first = parameters.first, (0x3C...0x3F).contains(first) {
            return privateToken(marker: first, parameters: parameters.dropFirst(), final: final)
        }
        let numbers = parseNumbers(parameters)
        func number(_ position: Int) -> Int? {
            position < numbers.count ? numbers[position] : nil
        }
        if introducer == UInt8(ascii: "O") {
            let modifiers = KeyModifiers(parameter: numbers.last ?? nil)
            return ss3Key(final).map { .key(modifiers.applied(to: $0)) } ?? .ignored
        }
        switch final {
        case UInt8(ascii: "~"):
            return tildeToken(numbers, modifiers: KeyModifiers(parameter: number(1)))
        case UInt8(ascii: "$"):
            return tildeToken(numbers, modifiers: KeyModifiers(shift: true))
        case UInt8(ascii: "^"):
            return tildeToken(numbers, modifiers: KeyModifiers(ctrl: true))
        case UInt8(ascii: "@"):
            return tildeToken(numbers, modifiers: KeyModifiers(shift: true, ctrl: true))
        case UInt8(ascii: "u"):
            guard let code = number(0) else { return .ignored }
            return codepointKey(code, KeyModifiers(parameter: number(1))).map(InputToken.key) ?? .ignored
        case UInt8(ascii: "R") where numbers.count == 2:
            // A cursor position report (`CSI row ; column R`), or F3 with modifiers
            // (`CSI 1 ; m R`): the decoder knows which it is waiting for.
            guard let row = number(0), let column = number(1) else { return .ignored }
            return .cursorReport(row: row, column: column)
        default:
            guard let key = csiLetterKey(final) else { return .ignored }
            var modifiers = KeyModifiers(parameter: number(1))
            if key.name == SpecialKey.backtab.rawValue { modifiers.shift = false }  // shift is implied.
            return .key(modifiers.applied(to: key))
        }
    }

    /// Sequences with a private marker: SGR mouse reports (`CSI < b ; x ; y M` or `m`)
    /// and the keyboard protocol's reply (`CSI ? flags u`); other terminal replies
    /// (device attributes, `CSI ? … c`) are dropped.
    private static func privateToken(marker: UInt8, parameters: ArraySlice<UInt8>, final: UInt8) -> InputToken {
        switch (marker, final) {
        case (UInt8(ascii: "<"), UInt8(ascii: "M")), (UInt8(ascii: "<"), UInt8(ascii: "m")):
            let numbers = parseNumbers(parameters)
            guard numbers.count == 3, let code = numbers[0], let column = numbers[1], let row = numbers[2],
                let event = MouseEvent(
                    sgrButton: code, column: column, row: row, released: final == UInt8(ascii: "m"))
            else { return .ignored }
            return .mouse(event)
        case (UInt8(ascii: "?"), UInt8(ascii: "u")):
            return .keyboardProtocolReply
        default:
            return .ignored
        }
    }

    /// Splits `1;5` into `[1, 5]`; an empty field is nil (its default), and a
    /// sub-parameter after `:` is ignored. Absurdly long numbers are nil.
    private static func parseNumbers(_ parameters: ArraySlice<UInt8>) -> [Int?] {
        guard !parameters.isEmpty else { return [] }
        return parameters.split(separator: UInt8(ascii: ";"), omittingEmptySubsequences: false).map { field in
            let digits = field.prefix { $0 != UInt8(ascii: ":") }
            guard !digits.isEmpty, digits.count <= 9,
                digits.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) })
            else { return nil }
            return digits.reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) }
        }
    }

    /// Keys of `ESC [` + a letter: arrows, home/end, xterm F1–F4, backtab; rxvt's
    /// shifted arrows are lowercase.
    private static func csiLetterKey(_ final: UInt8) -> KeyEvent? {
        switch final {
        case UInt8(ascii: "Z"): KeyEvent(.backtab)
        case UInt8(ascii: "a"): KeyEvent(.up, shift: true)
        case UInt8(ascii: "b"): KeyEvent(.down, shift: true)
        case UInt8(ascii: "c"): KeyEvent(.right, shift: true)
        case UInt8(ascii: "d"): KeyEvent(.left, shift: true)
        default: commonLetterKey(final).map { KeyEvent($0) }
        }
    }

    /// Keys of `ESC O` + a letter: application-mode arrows and home/end, F1–F4, keypad
    /// enter; rxvt's ctrl+arrows are lowercase.
    private static func ss3Key(_ final: UInt8) -> KeyEvent? {
        switch final {
        case UInt8(ascii: "M"): KeyEvent(.enter)
        case UInt8(ascii: "a"): KeyEvent(.up, ctrl: true)
        case UInt8(ascii: "b"): KeyEvent(.down, ctrl: true)
        case UInt8(ascii: "c"): KeyEvent(.right, ctrl: true)
        case UInt8(ascii: "d"): KeyEvent(.left, ctrl: true)
        default: commonLetterKey(final).map { KeyEvent($0) }
        }
    }

    private static func commonLetterKey(_ final: UInt8) -> SpecialKey? {
        switch final {
        case UInt8(ascii: "A"): .up
        case UInt8(ascii: "B"): .down
        case UInt8(ascii: "C"): .right
        case UInt8(ascii: "D"): .left
        case UInt8(ascii: "H"): .home
        case UInt8(ascii: "F"): .end
        case UInt8(ascii: "P"): .f1
        case UInt8(ascii: "Q"): .f2
        case UInt8(ascii: "R"): .f3
        case UInt8(ascii: "S"): .f4
        default: nil
        }
    }

    /// Keys of `ESC [ n ~` (VT220 editing and function keys), bracketed paste start,
    /// and xterm's modifyOtherKeys form `ESC [ 27 ; mod ; code ~`.
    private static func tildeToken(_ numbers: [Int?], modifiers: KeyModifiers) -> InputToken {
        guard let first = numbers.first, let code = first else { return .ignored }
        let special: SpecialKey?
        switch code {
        case 1, 7: special = .home
        case 2: special = .insert
        case 3: special = .delete
        case 4, 8: special = .end
        case 5: special = .pageup
        case 6: special = .pagedown
        case 11...15: special = .function(code - 10)
        case 17...21: special = .function(code - 11)
        case 23, 24: special = .function(code - 12)
        case 200: return .pasteStart
        case 27:
            guard numbers.count > 2, let character = numbers[2] else { return .ignored }
            let modifiers = KeyModifiers(parameter: numbers[1])
            return codepointKey(character, modifiers).map(InputToken.key) ?? .ignored
        default: special = nil
        }
        return special.map { .key(modifiers.applied(to: KeyEvent($0))) } ?? .ignored
    }

    /// The key of a Unicode code point with modifiers, as kitty's `CSI code ; mod u`
    /// and modifyOtherKeys report it; shift+letter becomes the capital letter.
    private static func codepointKey(_ code: Int, _ modifiers: KeyModifiers) -> KeyEvent? {
        guard let codeValue = UInt32(exactly: code), let scalar = Unicode.Scalar(codeValue) else {
            return nil
        }
        let base: KeyEvent
        switch code {
        case 9 where modifiers.shift:
            return KeyModifiers(ctrl: modifiers.ctrl, alt: modifiers.alt).applied(to: KeyEvent(.backtab))
        case 0x00...0x1F, 0x7F:
            guard let control = InputScanner.controlKey(UInt8(code)) else {
                return code == 0x1B ? modifiers.applied(to: KeyEvent(.esc)) : nil
            }
            base = control
        case 0x20:
            base = KeyEvent(.space)
        case Self.keypadCodes:
            guard let key = keypadKey(code) else { return nil }
            // A keypad character is the character: shift is in what it types, as for others.
            let kept = key.specialKey == nil ? KeyModifiers(ctrl: modifiers.ctrl, alt: modifiers.alt) : modifiers
            return kept.applied(to: key)
        case 0x80...0x9F, 0xE000...0xF8FF:
            return nil  // C1 controls; kitty's other functional keys (F13…, media, modifiers).
        default:
            var character = Character(scalar)
            var modifiers = modifiers
            if modifiers.shift, character.isLetter, character.isCased {
                character = character.uppercasedKey
                modifiers.shift = false
            } else if modifiers.ctrl, character.isASCII, character.isLetter {
                character = character.lowercasedKey
            }
            return .character(character, ctrl: modifiers.ctrl, alt: modifiers.alt)
        }
        return modifiers.applied(to: base)
    }
}

extension EscapeSequence {
    /// The code points kitty's keyboard protocol gives the keypad's keys (in the
    /// private use area), which its disambiguation reports apart from the main keys.
    static let keypadCodes = 57399...57427

    /// The key a keypad code stands for: the digit or operator it types, or the
    /// navigation key it is without num lock.
    static func keypadKey(_ code: Int) -> KeyEvent? {
        switch code {
        case 57399...57408:
            return Unicode.Scalar(UInt32(code - 57399) + 0x30).map { KeyEvent.character(Character($0)) }
        case 57409: return .character(".")
        case 57410: return .character("/")
        case 57411: return .character("*")
        case 57412: return .character("-")
        case 57413: return .character("+")
        case 57414: return KeyEvent(.enter)
        case 57415: return .character("=")
        case 57416: return .character(",")
        case 57417: return KeyEvent(.left)
        case 57418: return KeyEvent(.right)
        case 57419: return KeyEvent(.up)
        case 57420: return KeyEvent(.down)
        case 57421: return KeyEvent(.pageup)
        case 57422: return KeyEvent(.pagedown)
        case 57423: return KeyEvent(.home)
        case 57424: return KeyEvent(.end)
        case 57425: return KeyEvent(.insert)
        case 57426: return KeyEvent(.delete)
        default: return nil  // 57427, the keypad's middle key (begin), has no name here
        }
    }
}

/// Modifier keys as encoded in a CSI parameter: 1 + (shift 1 | alt 2 | ctrl 4 | meta 8).
struct KeyModifiers: Equatable {
    var shift = false
    var ctrl = false
    var alt = false

    init(shift: Bool = false, ctrl: Bool = false, alt: Bool = false) {
        self.shift = shift
        self.ctrl = ctrl
        self.alt = alt
    }

    /// Reads an xterm modifier parameter; nil or out-of-range values mean none. Meta
    /// counts as alt; lock bits (caps, num) are ignored.
    init(parameter: Int?) {
        guard let parameter, parameter > 1 else { return }
        let bits = parameter - 1
        shift = bits & 1 != 0
        alt = bits & 2 != 0 || bits & 8 != 0
        ctrl = bits & 4 != 0
    }

    /// The key with these modifiers added; a key with ctrl or alt types no text.
    func applied(to key: KeyEvent) -> KeyEvent {
        var key = key
        key.shift = key.shift || shift
        key.ctrl = key.ctrl || ctrl
        key.alt = key.alt || alt
        if key.ctrl || key.alt { key.text = nil }
        return key
    }
}
