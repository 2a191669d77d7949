import Testing
import TheoluaCanvas
import TheoluaCore

/// Editing a controlled input: typing, moving, deleting, pasting, wide characters,
/// horizontal scrolling, submitting, and values the parent refuses or changes.
@Suite struct InputTests {
    /// A harness showing a focused `Field` and the log of its actions.
    static func field(
        _ initial: String = "", width: Int = 12, props: Record = ["width": 10], accept: Bool = true,
        uppercase: Bool = false
    ) -> (HostHarness, CallLog) {
        let log = CallLog()
        let field = Field(
            log: LogRef(log: log), initial: initial, props: props, accept: accept, uppercase: uppercase)
        return (HostHarness(width: width, height: 1, field.element()), log)
    }

    /// The column of the inverse (cursor) cell on the first row.
    static func cursorColumn(_ harness: HostHarness) -> Int? {
        let buffer = harness.host.render()
        return (0..<buffer.width).first { buffer[$0, 0].style.attributes.contains(.inverse) }
    }

    @Test func typedTextGoesThroughOnChangeAndShowsOnceTheParentRenders() {
        let (harness, log) = Self.field()
        harness.type("hi there")
        #expect(harness.lines == ["hi there"])
        #expect(log.take().first == "change h")
        #expect(Self.cursorColumn(harness) == 8)
    }

    @Test func aClickPutsTheCursorOnTheCharacterClickedOrAfterTheLast() {
        let (harness, _) = Self.field("ab日本cd", width: 12)
        harness.mouse("click:1,0")
        #expect(Self.cursorColumn(harness) == 1)
        harness.type("X")
        #expect(harness.lines == ["aXb日本cd"])
        // The right half of a wide character is the character.
        harness.mouse("click:4,0")
        #expect(Self.cursorColumn(harness) == 3)
        harness.mouse("click:9,0")
        #expect(Self.cursorColumn(harness) == 9)
    }

    @Test func cursorMovesAndEditsAtItsPosition() {
        let (harness, log) = Self.field("abcd")
        #expect(Self.cursorColumn(harness) == 4)
        harness.press("left", "left", "backspace")
        #expect(harness.lines == ["acd"])
        #expect(Self.cursorColumn(harness) == 1)
        harness.press("delete")
        #expect(harness.lines == ["ad"])
        harness.press("home")
        harness.type("X")
        harness.press("end")
        harness.type("Y")
        #expect(harness.lines == ["XadY"])
        harness.press("ctrl+a", "right", "ctrl+k")
        #expect(harness.lines == ["X"])
        harness.press("ctrl+e")
        harness.type("yz")
        harness.press("left", "ctrl+u")
        #expect(harness.lines == ["z"])
        #expect(Self.cursorColumn(harness) == 0)
        #expect(log.take().last == "change z")
    }

    @Test func keysThatChangeNothingAreStillTheInputs() {
        let (harness, log) = Self.field("ab")
        #expect(
            harness.press("delete", "right", "home", "backspace", "left") == [true, true, true, true, true])
        #expect(log.take().isEmpty)
        #expect(harness.press("up", "esc", "f1") == [false, false, false])
    }

    @Test func enterSubmitsTheValue() {
        let (harness, log) = Self.field("query")
        #expect(harness.press("enter") == [true])
        #expect(log.take() == ["submit query"])
    }

    @Test func wideAndCombiningCharactersMoveAndDeleteAsOne() {
        let (harness, _) = Self.field("日本", props: ["width": 10])
        harness.press("left")
        #expect(Self.cursorColumn(harness) == 2)
        harness.type("e\u{301}")
        #expect(harness.lines == ["日é本"])
        #expect(Self.cursorColumn(harness) == 3)
        harness.press("backspace")
        #expect(harness.lines == ["日本"])
        harness.press("end")
        harness.type("👍")
        harness.press("left", "backspace")
        #expect(harness.lines == ["日👍"])
    }

    @Test func pasteInsertsAtTheCursorOnOneLine() {
        let (harness, log) = Self.field("ad")
        harness.press("left")
        #expect(harness.paste("b\nc\u{7}"))
        #expect(harness.lines == ["ab cd"])
        #expect(log.take() == ["change ab cd"])
        #expect(Self.cursorColumn(harness) == 4)
    }

    @Test func keysArrivingBeforeTheParentRendersAreNotLost() {
        let (harness, _) = Self.field()
        for character in "abc" { harness.host.handleKey(.character(character)) }
        harness.loop.runUntilIdle()
        #expect(harness.lines == ["abc"])
        #expect(Self.cursorColumn(harness) == 3)
    }

    @Test func aRefusedEditLeavesValueAndCursorAsTheyWere() {
        let (harness, log) = Self.field("ab", accept: false)
        harness.press("left")
        harness.type("x")
        #expect(log.take() == ["change axb"])
        #expect(harness.lines == ["ab"])
        #expect(Self.cursorColumn(harness) == 1)
    }

    @Test func aParentChangingTheValueKeepsTheCursorClamped() {
        let (harness, _) = Self.field(uppercase: true)
        harness.type("ab")
        #expect(harness.lines == ["AB"])
        #expect(Self.cursorColumn(harness) == 2)
    }

    @Test func longValuesScrollToKeepTheCursorInView() {
        let (harness, _) = Self.field("abcdefghijklmno", width: 8, props: ["width": 6])
        #expect(harness.lines == ["klmno"])
        #expect(Self.cursorColumn(harness) == 5)
        harness.press("home")
        #expect(harness.lines == ["abcdef"])
        #expect(Self.cursorColumn(harness) == 0)
        harness.press("right", "right", "right", "right", "right", "right")
        #expect(harness.lines == ["bcdefg"])
        #expect(Self.cursorColumn(harness) == 5)
    }

    @Test func editingALongValueShowsTheCharactersAroundTheCursor() {
        let long = String(repeating: "abcdefghij", count: 5_000) + "é漢x"
        let (harness, log) = Self.field(long)
        // Ten cells: five characters of the repeat, é, 漢 (two cells), x, the cursor.
        #expect(harness.lines == ["fghijé漢x"])
        harness.type("yz")
        #expect(harness.lines == ["hijé漢xyz"])
        #expect(log.take().last == "change " + long + "yz")
        harness.press("home")
        #expect(harness.lines == ["abcdefghij"])
        harness.press("delete", "right", "backspace")
        #expect(harness.lines == ["cdefghijab"])
        #expect(log.take().last == "change " + String(long.dropFirst(2)) + "yz")
    }

    @Test func wideCharactersAreNeverSplitWhenScrolling() {
        let (harness, _) = Self.field("日本語テキスト", width: 8, props: ["width": 5])
        #expect(harness.lines == ["スト"])
        harness.press("home")
        #expect(harness.lines == ["日本"])
        harness.press("right", "right")
        #expect(harness.lines == ["本語"])
    }

    @Test func borderedInputsFitInsideTheirBorderAndShowFocus() {
        let log = CallLog()
        let field = Field(
            log: LogRef(log: log), initial: "abcdefgh", props: ["width": 6, "border": "single"])
        let harness = HostHarness(width: 8, height: 3, field.element())
        expectScreen(harness, ["┏━━━━┓", "┃fgh ┃", "┗━━━━┛"])
    }

    @Test func theFocusedEmptyInputShowsItsPlaceholderUnderTheCursor() {
        let (harness, _) = Self.field(props: ["placeholder": "search"])
        #expect(harness.lines == ["search"])
        #expect(Self.cursorColumn(harness) == 0)
        #expect(harness.host.buffer[3, 0].style.attributes.contains(.dim))
    }

    @Test func anUnfocusedInputShowsNoCursor() {
        let log = CallLog()
        let harness = HostHarness(
            width: 12, height: 2,
            .box(children: [
                Field(log: LogRef(log: log), initial: "one").element(key: "a"),
                Field(log: LogRef(log: log), initial: "two").element(key: "b"),
            ]))
        let buffer = harness.host.render()
        #expect(buffer[3, 0].style.attributes.contains(.inverse))
        #expect(!buffer[3, 1].style.attributes.contains(.inverse))
        harness.press("tab")
        harness.type("!")
        #expect(harness.lines == ["one", "two!"])
    }

    @Test func contentSizedInputsGrowWithTheirValue() {
        let log = CallLog()
        let field = Field(log: LogRef(log: log), props: ["border": "ascii"])
        let harness = HostHarness(width: 12, height: 3, .row(children: [field.element(), .text("|")]))
        expectScreen(harness, ["+-+|", "| |", "+-+"])
        harness.type("abc")
        expectScreen(harness, ["+----+|", "|abc |", "+----+"])
    }

    @Test func anInputWithoutHandlersIgnoresEditsButKeepsTheKeys() {
        let harness = HostHarness(width: 8, height: 1, .input(["value": "fixed"]))
        #expect(harness.press("x", "backspace", "enter") == [true, true, false])
        harness.host.handle(.paste("more"))
        expectScreen(harness, ["fixed"])
    }
}
