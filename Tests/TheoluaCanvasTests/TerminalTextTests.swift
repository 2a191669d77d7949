import Testing

@testable import TheoluaCanvas

/// The one filter for what theolua writes on a script's behalf: controls are drawn as
/// pictures of themselves, never sent to the terminal.
@Suite struct TerminalTextTests {
    @Test func plainTextIsKeptAsItIs() {
        for text in ["", "hello", "tab\there", "two\nlines", "é ü 漢字 🙂", "£ ¥ ©"] {
            #expect(TerminalText.printable(text) == text)
        }
    }

    @Test func controlsArePicturesAndEightBitControlsReplacementCharacters() {
        #expect(TerminalText.printable("\u{1B}[2J\u{7}") == "␛[2J␇")
        #expect(TerminalText.printable("a\rb") == "a␍b")
        #expect(TerminalText.printable("a\r\nb") == "a\nb")
        #expect(TerminalText.printable("a\r\nb", breaks: .shown) == "a␍␊b")
        #expect(TerminalText.printable("del\u{7F}") == "del␡")
        #expect(TerminalText.printable("\u{9B}31m\u{9D}0;x\u{9C}") == "\u{FFFD}31m\u{FFFD}0;x\u{FFFD}")
        #expect(TerminalText.printable("\u{0}\u{1}\u{1F}") == "␀␁␟")
        #expect(TerminalText.printable(utf8: [0x61, 0xFF, 0xC2, 0x9B, 0x62]) == "a\u{FFFD}\u{FFFD}b")
    }

    @Test func noOutputHoldsAControlWhateverTheInput() {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<2_000 {
            let bytes = (0..<Int.random(in: 0...24, using: &generator)).map { _ in UInt8.random(in: 0...255, using: &generator) }
            let shown = TerminalText.printable(utf8: bytes)
            let control = shown.unicodeScalars.first {
                ($0.value < 0x20 && $0 != "\t" && $0 != "\n") || (0x7F...0x9F).contains($0.value)
            }
            #expect(control == nil, "\(bytes)")
            #expect(!TerminalText.printable(utf8: bytes, breaks: .shown).contains("\n"))
        }
    }
}
