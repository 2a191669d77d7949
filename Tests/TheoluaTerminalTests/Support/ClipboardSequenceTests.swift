import Testing

@testable import TheoluaTerminal

/// OSC 52: the text in base64 (RFC 4648's test vectors), inside the sequence.
@Suite struct ClipboardSequenceTests {
    @Test(arguments: [
        ("", ""), ("f", "Zg=="), ("fo", "Zm8="), ("foo", "Zm9v"), ("foob", "Zm9vYg=="), ("fooba", "Zm9vYmE="),
        ("foobar", "Zm9vYmFy"),
    ])
    func base64MatchesTheRFC(_ text: String, _ encoded: String) {
        #expect(ClipboardSequence.base64(Array(text.utf8)) == Array(encoded.utf8))
    }

    @Test func theSequenceCarriesTheTextsBytes() {
        #expect(ClipboardSequence.setting("π\n") == Array("\u{1B}]52;c;z4AK\u{1B}\\".utf8))
        #expect(ClipboardSequence.base64([0xFF, 0xFE, 0xFD]) == Array("//79".utf8))
    }
}
