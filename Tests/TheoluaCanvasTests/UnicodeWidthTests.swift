import Testing

@testable import TheoluaCanvas

@Suite struct UnicodeWidthTests {
    @Test func asciiTakesOneCellAndControlsNone() {
        #expect(UnicodeWidth.of("a" as Character) == 1)
        #expect(UnicodeWidth.of("~" as Character) == 1)
        #expect(UnicodeWidth.of("\u{07}" as Character) == 0)
        #expect(UnicodeWidth.of("\u{7F}" as Character) == 0)
        #expect(UnicodeWidth.of("\u{9B}" as Character) == 0)
    }

    @Test func eastAsianWideAndFullwidthTakeTwoCells() {
        #expect(UnicodeWidth.of("漢" as Character) == 2)
        #expect(UnicodeWidth.of("한" as Character) == 2)
        #expect(UnicodeWidth.of("Ａ" as Character) == 2)  // fullwidth A
        #expect(UnicodeWidth.of("ｱ" as Character) == 1)  // halfwidth katakana
        #expect(UnicodeWidth.of("\u{3400}" as Character) == 2)  // CJK extension A
    }

    @Test func emojiPresentationTakesTwoCells() {
        #expect(UnicodeWidth.of("😀" as Character) == 2)
        #expect(UnicodeWidth.of("👍🏽" as Character) == 2)  // with skin tone modifier
        #expect(UnicodeWidth.of("👨‍👩‍👧" as Character) == 2)  // ZWJ sequence
        #expect(UnicodeWidth.of("🇫🇷" as Character) == 2)  // flag
        #expect(UnicodeWidth.of("❤\u{FE0F}" as Character) == 2)  // text emoji + VS16
        #expect(UnicodeWidth.of("❤" as Character) == 1)
    }

    @Test func combiningMarksJoinTheirBase() {
        #expect(UnicodeWidth.of("e\u{301}" as Character) == 1)
        #expect(UnicodeWidth.of("\u{301}" as Character) == 0)
        #expect(UnicodeWidth.of("\u{200B}" as Unicode.Scalar) == 0)  // zero width space
        #expect(UnicodeWidth.of("e\u{301}llo") == 4)
    }

    @Test func ambiguousWidthIsNarrow() {
        #expect(UnicodeWidth.of("é" as Character) == 1)
        #expect(UnicodeWidth.of("…" as Character) == 1)
        #expect(UnicodeWidth.of("─" as Character) == 1)
    }

    @Test func tablesAreSortedAndDisjoint() {
        for table in [UnicodeWidth.zeroWidthRanges, UnicodeWidth.wideRanges, UnicodeWidth.emojiRanges] {
            #expect(table.count % 2 == 0)
            var previousEnd: UInt32? = nil
            for pair in stride(from: 0, to: table.count, by: 2) {
                #expect(table[pair] <= table[pair + 1])
                if let previousEnd { #expect(table[pair] > previousEnd) }
                previousEnd = table[pair + 1]
            }
        }
    }
}
