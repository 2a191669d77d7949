import Testing

@testable import TheoluaCanvas

@Suite struct ColorTests {
    @Test func parsesTheNamesScriptsUse() {
        #expect(Color(parsing: "red") == .red)
        #expect(Color(parsing: "brightRed") == .brightRed)
        #expect(Color(parsing: "brightred") == .palette(9))
        #expect(Color(parsing: "gray") == .palette(8))
        #expect(Color(parsing: "grey") == .gray)
        #expect(Color(parsing: "brightWhite") == .palette(15))
        #expect(Color(parsing: "default") == .default)
        #expect(Color(parsing: "#ff8000") == .rgb(red: 255, green: 128, blue: 0))
        #expect(Color(paletteIndex: 208) == .palette(208))
    }

    @Test func rejectsWhatIsNotAColor() {
        #expect(Color(parsing: "purple") == nil)
        #expect(Color(parsing: "#12345") == nil)
        #expect(Color(parsing: "#gggggg") == nil)
        #expect(Color(parsing: "bright") == nil)
        #expect(Color(paletteIndex: 256) == nil)
        #expect(Color(paletteIndex: -1) == nil)
    }

    @Test func dimensionsParseCellsAndPercentages() {
        #expect(Dimension(parsing: "50%") == .percent(50))
        #expect(Dimension(parsing: "12") == .cells(12))
        #expect(Dimension(parsing: "abc") == nil)
        #expect(Dimension.percent(50).resolve(against: 81) == 40)
        #expect(Dimension.percent(50).resolve(against: nil) == nil)
    }
}

@Suite struct SGRTests {
    private func transition(_ old: CellStyle, _ new: CellStyle) -> String {
        var out: [UInt8] = []
        SGR.appendTransition(from: old, to: new, into: &out)
        return visible(out)
    }

    @Test func namedColorsUseTheShortCodes() {
        #expect(transition(.plain, CellStyle(foreground: .red)) == "␛[31m")
        #expect(transition(.plain, CellStyle(foreground: .brightRed)) == "␛[91m")
        #expect(transition(.plain, CellStyle(background: .blue)) == "␛[44m")
        #expect(transition(.plain, CellStyle(background: .brightBlue)) == "␛[104m")
        #expect(transition(.plain, CellStyle(foreground: .palette(208))) == "␛[38;5;208m")
        #expect(transition(.plain, CellStyle(foreground: .rgb(red: 1, green: 2, blue: 3))) == "␛[38;2;1;2;3m")
    }

    @Test func everyAttributeHasItsCode() {
        let all: TextAttributes = [.bold, .dim, .italic, .underline, .inverse, .strike]
        #expect(transition(.plain, CellStyle(attributes: all)) == "␛[1;2;3;4;7;9m")
    }

    @Test func onlyTheDifferenceIsWritten() {
        let red = CellStyle(foreground: .red, attributes: .bold)
        #expect(transition(red, red) == "")
        #expect(transition(red, CellStyle(foreground: .green, attributes: .bold)) == "␛[32m")
        #expect(transition(red, CellStyle(foreground: .red)) == "␛[22m")
        #expect(transition(CellStyle(attributes: [.bold, .dim]), CellStyle(attributes: .dim)) == "␛[0;2m")
    }

    @Test func aResetIsUsedWhenShorter() {
        let busy = CellStyle(foreground: .red, background: .blue, attributes: [.italic, .underline])
        #expect(transition(busy, .plain) == "␛[m")
        #expect(transition(busy, CellStyle(attributes: .bold)) == "␛[0;1m")
    }
}
