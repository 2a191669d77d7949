import Testing

@testable import TheoluaCanvas

/// Styled runs (`ui.span`): the paragraph wraps as one, each character keeping its run's
/// look; hyperlinks (OSC 8) are a part of a cell's look, opened and closed as the pen
/// changes, and never left open after a frame.
@Suite struct TextRunTests {
    private func paragraph(_ runs: [TextRun], _ style: TextStyle = TextStyle()) -> CanvasNode {
        let node = text(runs.map(\.text).joined(), style)
        node.runs = runs
        return node
    }

    @Test func runsWrapAsOneParagraphKeepingTheirLooks() {
        let node = paragraph([
            TextRun("alpha beta "), TextRun("gamma delta", adding: .bold), TextRun(" epsilon zeta"),
        ])
        let screen = render(box(BoxStyle(), [node]), width: 12, height: 3)
        expectScreen(screen, ["alpha beta", "gamma delta", "epsilon zeta"])
        #expect(screen[0, 0].style.attributes == [])
        #expect(screen[0, 1].style.attributes == .bold)
        #expect(screen[10, 1].style.attributes == .bold)
        #expect(screen[0, 2].style.attributes == [])
    }

    @Test func aRunSetsOnlyWhatItSaysOverTheText() {
        let base = TextStyle(color: .blue, attributes: [.bold, .underline])
        let node = paragraph([TextRun("ab"), TextRun("cd", color: .red, removing: .bold)], base)
        let screen = render(box(BoxStyle(), [node]), width: 4, height: 1)
        #expect(screen[1, 0].style == CellStyle(foreground: .blue, attributes: [.bold, .underline]))
        #expect(screen[2, 0].style == CellStyle(foreground: .red, attributes: .underline))
    }

    @Test func wideCharactersAndClustersStayWholeAcrossRuns() {
        let node = paragraph([TextRun("日本"), TextRun("語👍🏽x", adding: .italic)], TextStyle(wrap: .char))
        let screen = render(box(BoxStyle(), [node]), width: 5, height: 2)
        expectScreen(screen, ["日本", "語👍🏽x"])
        #expect(screen[0, 1].text == "語")
        #expect(screen[2, 1].text == "👍🏽")
        #expect(screen[2, 1].style.attributes == .italic)
    }

    @Test func marksCutRunsFromTheTextItself() {
        // "alpha " plain, "beta" bold, " gamma" italic, "!" past the last end: plain.
        let node = text("alpha beta gamma!", TextStyle())
        node.marks = RunMarks(ends: [6, 10, 16], looks: [RunLook(), RunLook(adding: .bold), RunLook(adding: .italic)])
        let screen = render(box(BoxStyle(), [node]), width: 11, height: 2)
        expectScreen(screen, ["alpha beta", "gamma!"])
        #expect(screen[5, 0].style.attributes == [])
        #expect(screen[6, 0].style.attributes == .bold)
        #expect(screen[0, 1].style.attributes == .italic)
        #expect(screen[5, 1].style.attributes == [])
    }

    @Test func eachCharacterOfPlainTextTakesTheRunOfTheFirstEndPastIt() {
        // Ends in order, repeated, out of order, past the text and before its start.
        var seed: UInt64 = 0x5EED
        func next(_ bound: Int) -> Int {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((seed >> 33) % UInt64(bound))
        }
        for _ in 0..<500 {
            let text = String((0..<(1 + next(40))).map { _ in Character(Unicode.Scalar(UInt8(0x20 + next(95)))) })
            var ends = (0..<next(6)).map { _ in next(48) }
            if next(2) == 0 { ends.sort() }
            let layout = TextLayout(text, ends: ends)
            let expected = (0..<text.utf8.count).map { offset -> UInt16 in
                guard let run = ends.firstIndex(where: { $0 > offset }) else { return 0 }
                return UInt16(run + 1)
            }
            #expect(layout.lines.first?.map(\.run) == expected, "\(text) \(ends)")
        }
    }

    @Test func marksKeepCharactersWholeWhereAnEndFallsInsideOne() {
        // "é" is two bytes and "日" three: ends inside them move to their ends.
        let node = text("aé日b", TextStyle())
        node.marks = RunMarks(ends: [2, 5], looks: [RunLook(adding: .bold), RunLook(adding: .italic)])
        let screen = render(box(BoxStyle(), [node]), width: 6, height: 1)
        expectScreen(screen, ["aé日b"])
        #expect(screen[0, 0].style.attributes == .bold)
        #expect(screen[1, 0].style.attributes == .bold)
        #expect(screen[2, 0].style.attributes == .italic)
        #expect(screen[4, 0].style.attributes == [])
    }

    @Test func aNewlineInARunBreaksTheLine() {
        let node = paragraph([TextRun("one\ntw"), TextRun("o", adding: .bold)])
        expectScreen(render(box(BoxStyle(), [node]), width: 6, height: 2), ["one", "two"])
    }

    @Test func linksOpenAndCloseWithThePenAndNeverStayOpen() {
        let link = Hyperlink(url: "https://example.com/a")
        #expect(link.url == "https://example.com/a")
        #expect(Hyperlink(url: "https://example.com/a") == link)
        #expect(Hyperlink(url: "bad\u{1B}url") == .none)
        // An 8-bit ST or CSI would end the OSC 8 sequence early, as ESC \\ does.
        #expect(Hyperlink(url: "https://a.example/\u{9C}\u{1B}]0;title") == .none)
        #expect(Hyperlink(url: "https://a.example/\u{9B}31m") == .none)
        #expect(Hyperlink(url: "https://a.example/é?q=ü").url == "https://a.example/é?q=ü")
        let node = paragraph([TextRun("see "), TextRun("docs", link: link), TextRun(".")])
        let screen = render(box(BoxStyle(), [node]), width: 10, height: 1)
        var encoder = FrameEncoder()
        let bytes = String(decoding: encoder.encode(from: nil, to: screen), as: UTF8.self)
        #expect(bytes.contains("see \u{1B}]8;;https://example.com/a\u{1B}\\docs\u{1B}]8;;\u{1B}\\."), "\(bytes)")
        #expect(encoder.pen?.link == Hyperlink.none)
        // The last cell linked: closed at the end of the frame all the same.
        let last = paragraph([TextRun("go "), TextRun("here", link: link)])
        let bytes2 = String(decoding: encoder.encode(from: nil, to: render(box(BoxStyle(), [last]), width: 7, height: 1)), as: UTF8.self)
        #expect(bytes2.hasSuffix("here\u{1B}]8;;\u{1B}\\\u{1B}[?2026l") || bytes2.hasSuffix("here\u{1B}]8;;\u{1B}\\"), "\(bytes2)")
        #expect(screen.ansiLine(0) == "see \u{1B}]8;;https://example.com/a\u{1B}\\docs\u{1B}]8;;\u{1B}\\.")
        #expect(screen.lines[0] == "see docs.")
    }
}
