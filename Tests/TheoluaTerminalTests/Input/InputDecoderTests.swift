import Testing

@testable import TheoluaTerminal

/// One decoding case: terminal bytes (`^[` is ESC) and the events they mean.
struct DecodingCase: CustomTestStringConvertible, Sendable {
    let input: String
    let expected: [InputEvent]
    var bytes: [UInt8] { .terminal(input) }
    var testDescription: String { input.replacingOccurrencesOfControls }

    init(_ input: String, _ expected: [InputEvent]) {
        self.input = input
        self.expected = expected
    }

    init(_ input: String, _ names: String...) {
        self.init(input, names.map(key))
    }
}

extension String {
    var replacingOccurrencesOfControls: String {
        String(
            unicodeScalars.map {
                $0.value < 0x20 ? "^\(Character(Unicode.Scalar($0.value + 0x40) ?? "?"))" : String($0)
            }.joined())
    }
}

let textCases: [DecodingCase] = [
    DecodingCase("j", "j"),
    DecodingCase("J", "J"),
    DecodingCase("hi!", "h", "i", "!"),
    DecodingCase(" ", "space"),
    DecodingCase("é", "é"),
    DecodingCase("日本", "日", "本"),
    DecodingCase("😀", "😀"),
    DecodingCase("a😀b", "a", "😀", "b"),
]

let controlCases: [DecodingCase] = [
    DecodingCase("\u{01}", "ctrl+a"),
    DecodingCase("\u{03}", "ctrl+c"),
    DecodingCase("\u{1A}", "ctrl+z"),
    DecodingCase("\r", "enter"),
    DecodingCase("\n", "ctrl+j"),
    DecodingCase("\t", "tab"),
    DecodingCase("\u{7F}", "backspace"),
    DecodingCase("\u{08}", "backspace"),
    DecodingCase("\u{00}", "ctrl+space"),
    DecodingCase("\u{1C}", "ctrl+\\"),
    DecodingCase("\u{1F}", "ctrl+_"),
    DecodingCase("^[", "esc"),
]

let sequenceCases: [DecodingCase] = [
    DecodingCase("^[[A", "up"), DecodingCase("^[[B", "down"),
    DecodingCase("^[[C", "right"), DecodingCase("^[[D", "left"),
    DecodingCase("^[OA", "up"), DecodingCase("^[OD", "left"),
    DecodingCase("^[[H", "home"), DecodingCase("^[[F", "end"),
    DecodingCase("^[OH", "home"), DecodingCase("^[OF", "end"),
    DecodingCase("^[[1~", "home"), DecodingCase("^[[4~", "end"),
    DecodingCase("^[[7~", "home"), DecodingCase("^[[8~", "end"),
    DecodingCase("^[[2~", "insert"), DecodingCase("^[[3~", "delete"),
    DecodingCase("^[[5~", "pageup"), DecodingCase("^[[6~", "pagedown"),
    DecodingCase("^[OP", "f1"), DecodingCase("^[OQ", "f2"),
    DecodingCase("^[OR", "f3"), DecodingCase("^[OS", "f4"),
    DecodingCase("^[[11~", "f1"), DecodingCase("^[[12~", "f2"),
    DecodingCase("^[[13~", "f3"), DecodingCase("^[[14~", "f4"),
    DecodingCase("^[[15~", "f5"), DecodingCase("^[[17~", "f6"),
    DecodingCase("^[[18~", "f7"), DecodingCase("^[[19~", "f8"),
    DecodingCase("^[[20~", "f9"), DecodingCase("^[[21~", "f10"),
    DecodingCase("^[[23~", "f11"), DecodingCase("^[[24~", "f12"),
    DecodingCase("^[[[A", "f1"), DecodingCase("^[[[B", "f2"),
    DecodingCase("^[[[C", "f3"), DecodingCase("^[[[D", "f4"),
    DecodingCase("^[[[E", "f5"),
    DecodingCase("^[[Z", "backtab"),
    DecodingCase("^[OM", "enter"),
]

let modifierCases: [DecodingCase] = [
    DecodingCase("^[[1;2A", "shift+up"),
    DecodingCase("^[[1;3B", "alt+down"),
    DecodingCase("^[[1;5C", "ctrl+right"),
    DecodingCase("^[[1;6D", "ctrl+shift+left"),
    DecodingCase("^[[1;7H", "ctrl+alt+home"),
    DecodingCase("^[[1;9F", "alt+end"),
    DecodingCase("^[[1;2P", "shift+f1"),
    DecodingCase("^[[1;5S", "ctrl+f4"),
    DecodingCase("^[O5P", "ctrl+f1"),
    DecodingCase("^[[3;5~", "ctrl+delete"),
    DecodingCase("^[[5;3~", "alt+pageup"),
    DecodingCase("^[[15;2~", "shift+f5"),
    DecodingCase("^[[24;8~", "ctrl+alt+shift+f12"),
    DecodingCase("^[[1;2Z", "backtab"),
    DecodingCase("^[[a", "shift+up"),
    DecodingCase("^[Oc", "ctrl+right"),
    DecodingCase("^[[5$", "shift+pageup"),
    DecodingCase("^[[6^", "ctrl+pagedown"),
    DecodingCase("^[[3@", "ctrl+shift+delete"),
    DecodingCase("^[[97;5u", "ctrl+a"),
    DecodingCase("^[[97;2u", "A"),
    DecodingCase("^[[223;2u", "ß"),  // its upper case is "SS": found by the fuzzer
    DecodingCase("^[[13;3u", "alt+enter"),
    DecodingCase("^[[9;2u", "backtab"),
    DecodingCase("^[[27;5;106~", "ctrl+j"),
    DecodingCase("^[[27u", "esc"),
]

let altCases: [DecodingCase] = [
    DecodingCase("^[x", "alt+x"),
    DecodingCase("^[X", "alt+X"),
    DecodingCase("^[é", "alt+é"),
    DecodingCase("^[ ", "alt+space"),
    DecodingCase("^[\r", "alt+enter"),
    DecodingCase("^[\u{7F}", "alt+backspace"),
    DecodingCase("^[\u{03}", "ctrl+alt+c"),
    DecodingCase("^[^[[A", "alt+up"),
    DecodingCase("^[^[", "esc", "esc"),
    DecodingCase("^[^[x", "esc", "alt+x"),
    DecodingCase("^[[", "alt+["),
    DecodingCase("^[O", "alt+O"),
    DecodingCase("x^[", "x", "esc"),
]

/// Builds a mouse event tersely.
func mouse(
    _ kind: MouseEvent.Kind, _ button: MouseEvent.Button, _ x: Int, _ y: Int, ctrl: Bool = false, alt: Bool = false,
    shift: Bool = false
) -> InputEvent {
    .mouse(MouseEvent(kind, button, x: x, y: y, ctrl: ctrl, alt: alt, shift: shift))
}

let mouseCases: [DecodingCase] = [
    DecodingCase("^[[<0;3;4M", [mouse(.press, .left, 2, 3)]),
    DecodingCase("^[[<0;3;4m", [mouse(.release, .left, 2, 3)]),
    DecodingCase("^[[<1;1;1M^[[<2;10;20M", [mouse(.press, .middle, 0, 0), mouse(.press, .right, 9, 19)]),
    DecodingCase("^[[<32;5;6M", [mouse(.drag, .left, 4, 5)]),
    DecodingCase("^[[<35;5;6M", [mouse(.move, .none, 4, 5)]),
    DecodingCase("^[[<64;7;8M", [mouse(.wheel, .up, 6, 7)]),
    DecodingCase("^[[<65;7;8M", [mouse(.wheel, .down, 6, 7)]),
    DecodingCase("^[[<66;1;1M", [mouse(.wheel, .wheelLeft, 0, 0)]),
    DecodingCase("^[[<28;2;2M", [mouse(.press, .left, 1, 1, ctrl: true, alt: true, shift: true)]),
    DecodingCase("^[[<0;300;200Mq", [mouse(.press, .left, 299, 199), key("q")]),
    DecodingCase("^[[<128;1;1M", [mouse(.press, .other, 0, 0)]),
    // Malformed reports are dropped, never typed.
    DecodingCase("^[[<0;0;4Mq", "q"),
    DecodingCase("^[[<0;3Mq", "q"),
    DecodingCase("^[[<64;3;4mq", "q"),
    DecodingCase("^[[<999;3;4Mq", "q"),
    DecodingCase("^[[<0;3;99999999999Mq", "q"),
    // The X10 form, from terminals without SGR reports: three bytes of value + 32.
    DecodingCase("^[[M !!q", [mouse(.press, .left, 0, 0), key("q")]),
    DecodingCase("^[[M#*+", [mouse(.release, .none, 9, 10)]),
    DecodingCase("^[[M`!!", [mouse(.wheel, .up, 0, 0)]),
]

/// What a terminal speaking the kitty keyboard protocol sends once its disambiguation
/// is on: the keys a legacy terminal sends alike come apart.
let keyboardProtocolCases: [DecodingCase] = [
    DecodingCase("^[[105;5u", "ctrl+i"),
    DecodingCase("^[[109;5u", "ctrl+m"),
    DecodingCase("^[[91;5u", "ctrl+["),
    DecodingCase("^[[13;2u", "shift+enter"),
    DecodingCase("^[[13;5u", "ctrl+enter"),
    DecodingCase("^[[9;5u", "ctrl+tab"),
    DecodingCase("^[[127;5u", "ctrl+backspace"),
    DecodingCase("^[[27u", "esc"),
    DecodingCase("^[[120;3u", "alt+x"),
    DecodingCase("^[[91;3u", "alt+["),
    DecodingCase("^[[99;5u", "ctrl+c"),
    DecodingCase("^[[97;69u", "ctrl+a"),  // caps lock (64) is not a modifier
    DecodingCase("^[[57399u^[[57408u^[[57413u", "0", "9", "+"),
    DecodingCase("^[[57414u", "enter"),
    DecodingCase("^[[57414;5u", "ctrl+enter"),
    DecodingCase("^[[57417u^[[57426u", "left", "delete"),
    DecodingCase("^[[57427u^[[57441uq", "q"),  // begin and a modifier key: no names
    DecodingCase("^[[?1uq", "q"),  // the answer to the query is not a key
]

let pasteCases: [DecodingCase] = [
    DecodingCase("^[[200~hello^[[201~", [.paste("hello")]),
    DecodingCase("^[[200~^[[201~", [.paste("")]),
    DecodingCase("^[[200~a\r\nb\rc\nd^[[201~", [.paste("a\nb\nc\nd")]),
    DecodingCase("^[[200~ctrl\u{03} ^[[A é^[[201~", [.paste("ctrl\u{03} \u{1B}[A é")]),
    DecodingCase("x^[[200~y^[[201~z", [key("x"), .paste("y"), key("z")]),
    DecodingCase("^[[200~one^[[201~^[[200~two^[[201~", [.paste("one"), .paste("two")]),
    DecodingCase("^[[201~q", "q"),
]

let malformedCases: [DecodingCase] = [
    DecodingCase("^[[99~q", "q"),
    DecodingCase("^[[1;5X", []),
    DecodingCase("^[[?1;2cq", "q"),
    DecodingCase("^[[1 qz", "z"),
    DecodingCase("^[[[Zq", "q"),
    DecodingCase("^[Ozq", "q"),
    DecodingCase("^[[I^[[O", []),
    DecodingCase("^[[1;\u{03}", "ctrl+c"),
    DecodingCase("^[[12^[[A", "up"),
    DecodingCase("^[[\u{03}", "alt+[", "ctrl+c"),
    DecodingCase("^[[99999999999999999999~q", "q"),
]

@Suite("InputDecoder")
struct InputDecoderTests {
    @Test(arguments: textCases + controlCases)
    func decodesTextAndControlBytes(_ test: DecodingCase) {
        #expect(Decoding.all(test.bytes) == test.expected)
    }

    @Test(arguments: sequenceCases)
    func decodesSpecialKeySequences(_ test: DecodingCase) {
        #expect(Decoding.all(test.bytes) == test.expected)
    }

    @Test(arguments: modifierCases)
    func decodesModifiersInSequences(_ test: DecodingCase) {
        #expect(Decoding.all(test.bytes) == test.expected)
    }

    @Test(arguments: altCases)
    func decodesEscPrefixAsAlt(_ test: DecodingCase) {
        #expect(Decoding.all(test.bytes) == test.expected)
    }

    @Test(arguments: mouseCases)
    func decodesMouseReports(_ test: DecodingCase) {
        #expect(Decoding.all(test.bytes) == test.expected)
    }

    @Test(arguments: keyboardProtocolCases)
    func decodesTheKeyboardProtocolsDisambiguatedKeys(_ test: DecodingCase) {
        #expect(Decoding.all(test.bytes) == test.expected)
    }

    @Test func notesTheKeyboardProtocolsAnswerOnce() {
        var decoder = InputDecoder()
        #expect(decoder.feed(Array.terminal("^[[?0u")).isEmpty)
        let first = decoder.takeKeyboardProtocolReply()
        let second = decoder.takeKeyboardProtocolReply()
        #expect(first && !second)
        #expect(decoder.feed(Array.terminal("^[[?1;2c")).isEmpty)  // device attributes
        let afterAttributes = decoder.takeKeyboardProtocolReply()
        #expect(!afterAttributes)
    }

    @Test(arguments: pasteCases)
    func decodesBracketedPasteAsOneEvent(_ test: DecodingCase) {
        #expect(Decoding.all(test.bytes) == test.expected)
    }

    @Test(arguments: malformedCases)
    func dropsUnknownAndMalformedSequences(_ test: DecodingCase) {
        #expect(Decoding.all(test.bytes) == test.expected)
    }

    @Test(
        arguments: textCases + controlCases + sequenceCases + modifierCases + altCases + pasteCases
            + malformedCases + mouseCases + keyboardProtocolCases)
    func givesTheSameEventsWhenSplitAtAnyByteBoundary(_ test: DecodingCase) {
        for pieces in Decoding.splits(test.bytes) {
            let cuts = pieces.map(\.count)
            #expect(Decoding.pieces(pieces) == test.expected, "pieces \(cuts)")
        }
    }

    @Test func replacesInvalidUTF8WithReplacementCharacters() {
        let replacement = key("\u{FFFD}")
        #expect(Decoding.all([0xFF]) == [replacement])
        #expect(Decoding.all([0x80, 0x61]) == [replacement, key("a")])
        #expect(Decoding.all([0xC3, 0x61]) == [replacement, key("a")])
        #expect(Decoding.all([0xE6, 0x97, 0x61]) == [replacement, key("a")])
        #expect(Decoding.all([0xC0, 0xAF]) == [replacement, replacement])  // overlong '/'
        #expect(Decoding.all([0xED, 0xA0, 0x80]) == [replacement, replacement, replacement])  // surrogate
        #expect(Decoding.all([0xF4, 0x90, 0x80, 0x80]).count == 4)  // past U+10FFFF
        #expect(Decoding.all([0xE6, 0x97]) == [replacement])  // truncated, at the timeout
    }

    @Test func waitsForTheRestOfAMultiByteCharacter() {
        var decoder = InputDecoder()
        #expect(decoder.feed([0xE6]).isEmpty)
        #expect(decoder.feed([0x97]).isEmpty)
        #expect(decoder.feed([0xA5]) == [key("日")])
        #expect(decoder.pendingTimeout == nil)
    }

    @Test func reportsALoneEscOnlyAtTheTimeout() {
        var decoder = InputDecoder(escapeTimeout: .milliseconds(25))
        #expect(decoder.feed([0x1B]).isEmpty)
        #expect(decoder.pendingTimeout == .milliseconds(25))
        #expect(decoder.hasPendingInput)
        #expect(decoder.flushTimeout() == [key("esc")])
        #expect(decoder.pendingTimeout == nil)
        #expect(decoder.flushTimeout().isEmpty)
    }

    @Test func completesASequenceThatArrivesBeforeTheTimeout() {
        var decoder = InputDecoder()
        #expect(decoder.feed(Array.terminal("^[[1;")).isEmpty)
        #expect(decoder.pendingTimeout != nil)
        #expect(decoder.feed(Array.terminal("5A")) == [key("ctrl+up")])
        #expect(decoder.pendingTimeout == nil)
    }

    @Test func keepsAPasteOpenAcrossReadsWithTheLongerPasteTimeout() {
        var decoder = InputDecoder(escapeTimeout: .milliseconds(50), pasteTimeout: .seconds(2))
        #expect(decoder.feed(Array.terminal("^[[200~abc")).isEmpty)
        #expect(decoder.pendingTimeout == .seconds(2))
        #expect(decoder.feed(Array.terminal("def^[[20")).isEmpty)
        #expect(decoder.feed(Array.terminal("1~x")) == [.paste("abcdef"), key("x")])
        #expect(decoder.pendingTimeout == nil)
    }

    @Test func deliversAnUnterminatedPasteAtTheTimeoutSoKeysStillWork() {
        var decoder = InputDecoder()
        #expect(decoder.feed(Array.terminal("^[[200~abc")).isEmpty)
        #expect(decoder.flushTimeout() == [.paste("abc")])
        #expect(decoder.feed([0x03]) == [key("ctrl+c")])
    }

    @Test func dropsAnEndlessSequenceInsteadOfBufferingForever() {
        var decoder = InputDecoder()
        let garbage = Array.terminal("^[[") + Array(repeating: UInt8(ascii: "1"), count: 200)
        _ = decoder.feed(garbage)
        #expect(decoder.feed(Array("q".utf8)).last == key("q"))
    }

    @Test func resetForgetsPendingBytes() {
        var decoder = InputDecoder()
        _ = decoder.feed(Array.terminal("^[[200~abc"))
        decoder.reset()
        #expect(!decoder.hasPendingInput)
        #expect(decoder.feed(Array("q".utf8)) == [key("q")])
    }

    @Test func survivesEveryTwoByteInput() {
        for first in UInt8.min...UInt8.max {
            for second in [UInt8(0x1B), 0x5B, 0x4F, 0x7E, 0x31, 0x3B, 0x80, 0xC3, 0x61] {
                _ = Decoding.all([0x1B, first, second])
                _ = Decoding.all([0x1B, 0x5B, first, second])
                _ = Decoding.all([first, second])
            }
        }
    }
}
