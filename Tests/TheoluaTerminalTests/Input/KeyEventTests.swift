import Testing

@testable import TheoluaTerminal

@Suite("KeyEvent")
struct KeyEventTests {
    @Test func characterKeysTypeTheirText() {
        let j = KeyEvent.character("j")
        #expect(j == KeyEvent(name: "j", text: "j"))
        #expect(j.fullName == "j")
        #expect(KeyEvent.character(" ") == KeyEvent(name: "space", text: " "))
        #expect(KeyEvent.character("x", alt: true).text == nil)
    }

    @Test func specialKeysTypeNothingButSpace() {
        #expect(KeyEvent(.enter).text == nil)
        #expect(KeyEvent(.space).text == " ")
        #expect(KeyEvent(.space, ctrl: true).text == nil)
        #expect(KeyEvent(.f5).specialKey == .f5)
        #expect(KeyEvent.character("q").specialKey == nil)
    }

    @Test func fullNameJoinsModifiersInAFixedOrder() {
        #expect(KeyEvent.character("c", ctrl: true).fullName == "ctrl+c")
        #expect(KeyEvent.character("x", alt: true).description == "alt+x")
        #expect(KeyEvent(.up, shift: true).fullName == "shift+up")
        #expect(KeyEvent(.delete, ctrl: true, alt: true, shift: true).fullName == "ctrl+alt+shift+delete")
    }

    @Test(arguments: [
        ("j", KeyEvent.character("j")),
        ("J", KeyEvent.character("J")),
        ("+", KeyEvent.character("+")),
        ("é", KeyEvent.character("é")),
        ("enter", KeyEvent(.enter)),
        ("Enter", KeyEvent(.enter)),
        ("return", KeyEvent(.enter)),
        ("space", KeyEvent(.space)),
        ("tab", KeyEvent(.tab)),
        ("backtab", KeyEvent(.backtab)),
        ("shift+tab", KeyEvent(.backtab)),
        ("esc", KeyEvent(.esc)),
        ("escape", KeyEvent(.esc)),
        ("backspace", KeyEvent(.backspace)),
        ("delete", KeyEvent(.delete)),
        ("pageup", KeyEvent(.pageup)),
        ("pgdn", KeyEvent(.pagedown)),
        ("f5", KeyEvent(.f5)),
        ("F12", KeyEvent(.f12)),
        ("ctrl+x", KeyEvent.character("x", ctrl: true)),
        ("ctrl+X", KeyEvent.character("x", ctrl: true)),
        ("alt+x", KeyEvent.character("x", alt: true)),
        ("meta+x", KeyEvent.character("x", alt: true)),
        ("ctrl++", KeyEvent.character("+", ctrl: true)),
        ("shift+a", KeyEvent.character("A")),
        ("shift+up", KeyEvent(.up, shift: true)),
        ("alt+ctrl+delete", KeyEvent(.delete, ctrl: true, alt: true)),
        ("ctrl+space", KeyEvent(.space, ctrl: true)),
    ])
    func parsesKeyNames(_ name: String, _ expected: KeyEvent) throws {
        #expect(try KeyEvent.parse(name) == expected)
    }

    @Test(arguments: SpecialKey.allCases)
    func parsesEverySpecialKeyName(_ key: SpecialKey) throws {
        #expect(try KeyEvent.parse(key.rawValue) == KeyEvent(key))
    }

    @Test func fullNameParsesBackToTheSameEvent() throws {
        let events = [
            KeyEvent.character("c", ctrl: true), KeyEvent(.up, shift: true),
            KeyEvent.character("+", alt: true),
            KeyEvent(.f3, ctrl: true, alt: true), KeyEvent.character("Z"), KeyEvent(.space),
        ]
        for event in events {
            #expect(try KeyEvent.parse(event.fullName) == event)
        }
    }

    /// Found by the key-names fuzzer: "ß" upper-cases to "SS", two characters.
    @Test func aShiftedLetterWhoseUpperCaseIsTwoLettersStaysItself() throws {
        #expect(try KeyEvent.parse("shift+ß") == .character("ß"))
        #expect(try KeyEvent.parse("shift+é") == .character("É"))
    }

    @Test(arguments: [
        ("", KeyNameError.empty(name: "")),
        ("ctrl+", KeyNameError.empty(name: "ctrl+")),
        ("+x", KeyNameError.empty(name: "+x")),
        ("enterr", KeyNameError.unknownKey(name: "enterr", key: "enterr")),
        ("ctrl+foo", KeyNameError.unknownKey(name: "ctrl+foo", key: "foo")),
        ("hyper+x", KeyNameError.unknownModifier(name: "hyper+x", modifier: "hyper")),
        ("shift+1", KeyNameError.shiftedCharacter(name: "shift+1")),
    ])
    func reportsUnknownNamesAsErrorsNamingThem(_ name: String, _ expected: KeyNameError) {
        #expect(throws: expected) { try KeyEvent.parse(name) }
    }

    @Test func errorMessagesNameTheKey() {
        let error = KeyNameError.unknownKey(name: "ctrl+foo", key: "foo")
        #expect(error.name == "ctrl+foo")
        #expect(error.description.hasPrefix("unknown key 'ctrl+foo': 'foo' is not"))
        #expect(error.description.contains("pagedown"))
    }

    @Test func parsesTheCLIKeysListWithTextItems() throws {
        let keys = try KeyEvent.parseKeys("down  down enter text:hi ctrl+s")
        #expect(keys.map(\.fullName) == ["down", "down", "enter", "h", "i", "ctrl+s"])
        #expect(keys[3].text == "h")
        #expect(try KeyEvent.parseKeys("text:a😀é").map(\.name) == ["a", "😀", "é"])
        #expect(try KeyEvent.parseKeys("").isEmpty)
        #expect(try KeyEvent.parseKeys("text:").isEmpty)
    }

    @Test func reportsTheFirstUnknownNameInAKeysList() {
        #expect(throws: KeyNameError.unknownKey(name: "bogus", key: "bogus")) {
            try KeyEvent.parseKeys("up bogus nope")
        }
    }

    @Test func readsMouseItemsAmongKeysInAnInputScript() throws {
        let events = try InputEvent.parse(
            script: "down click:4,2 wheel:down@10,5 text:a click:right@0,0 mousedown:1,1 drag:3,1 mouseup:3,1")
        #expect(
            events.map(\.description) == [
                "down", "press:left@4,2", "release:left@4,2", "wheel:down@10,5", "a", "press:right@0,0",
                "release:right@0,0", "press:left@1,1", "drag:left@3,1", "release:left@3,1",
            ])
        #expect(
            try InputEvent.parse(script: "wheel:up@0,7 wheel:left@1,1").map(\.description) == [
                "wheel:up@0,7", "wheel:wheelleft@1,1",
            ])
        // Not a mouse verb: a key name like any other, so `ctrl+:` still parses.
        #expect(try InputEvent.parse(script: ":") == [.key(.character(":"))])
    }

    @Test(arguments: [
        "click:3", "click:3,4,5", "click:-1,2", "click:a,b", "click:3,", "click:100001,0", "wheel:3,4",
        "wheel:sideways@3,4", "click:wheel@3,4", "drag:up@1,1", "click:",
    ])
    func reportsAMouseItemItCannotRead(_ item: String) {
        #expect {
            try InputEvent.parse(script: "up \(item)")
        } throws: { error in
            guard case KeyNameError.badMouse(let name, _) = error else { return false }
            return name == item
        }
    }
}
