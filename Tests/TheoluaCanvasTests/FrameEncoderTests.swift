import Testing

@testable import TheoluaCanvas

@Suite struct FrameEncoderTests {
    private func frame(_ width: Int, _ height: Int, _ draw: (inout CellBuffer) -> Void = { _ in })
        -> CellBuffer
    {
        var buffer = CellBuffer(width: width, height: height)
        draw(&buffer)
        return buffer
    }

    @Test func oneChangedCellIsOneMoveAndOneCharacter() {
        var encoder = FrameEncoder()
        let old = frame(80, 24)
        let new = frame(80, 24) { $0.write("x", x: 4, y: 1) }
        #expect(visible(encoder.encode(from: old, to: new)) == "␛[?2026h␛[2;5Hx␛[?2026l")
    }

    @Test func anUnchangedFrameIsNoBytesAtAll() {
        var encoder = FrameEncoder()
        let same = frame(10, 2) { $0.write("hello", x: 0, y: 0) }
        #expect(encoder.encode(from: same, to: same).isEmpty)
    }

    @Test func adjacentChangesAreWrittenWithoutMoves() {
        var encoder = FrameEncoder()
        let new = frame(10, 2) { $0.write("abc", x: 0, y: 0) }
        #expect(visible(encoder.encode(from: frame(10, 2), to: new)) == "␛[?2026h␛[Habc␛[?2026l")
    }

    @Test func shortGapsAreWrittenThroughAndLongGapsSkipped() {
        var encoder = FrameEncoder()
        encoder.synchronized = false
        let old = frame(40, 1) { $0.write("a b", x: 0, y: 0) }
        let new = frame(40, 1) { $0.write("x y", x: 0, y: 0) }
        #expect(visible(encoder.encode(from: old, to: new)) == "␛[Hx y")
        let far = frame(40, 1) {
            $0.write("x y", x: 0, y: 0)
            $0.write("z", x: 30, y: 0)
        }
        #expect(visible(encoder.encode(from: new, to: far)) == "␛[31Gz")
    }

    @Test func theNextRowIsReachedWithCarriageReturnAndLineFeed() {
        var encoder = FrameEncoder()
        encoder.synchronized = false
        let new = frame(10, 3) {
            $0.write("ab", x: 0, y: 0)
            $0.write("c", x: 0, y: 1)
            $0.write("d", x: 3, y: 2)
        }
        #expect(visible(encoder.encode(from: frame(10, 3), to: new)) == "␛[Hab\r\nc␛[3;4Hd")
    }

    @Test func movingBackUsesTheShortestSequence() {
        var encoder = FrameEncoder()
        encoder.synchronized = false
        let first = frame(100, 30) { $0.write("x", x: 50, y: 20) }
        _ = encoder.encode(from: frame(100, 30), to: first)
        let second = frame(100, 30) {
            $0.write("x", x: 50, y: 20)
            $0.write("y", x: 45, y: 20)
        }
        #expect(visible(encoder.encode(from: first, to: second)) == "␛[6Dy")
        let third = frame(100, 30) {
            $0.write("x", x: 50, y: 20)
            $0.write("y", x: 45, y: 20)
            $0.write("z", x: 46, y: 18)
        }
        #expect(visible(encoder.encode(from: second, to: third)) == "␛[2Az")
    }

    @Test func thePenChangesOnlyWhenTheStyleDoes() {
        var encoder = FrameEncoder()
        encoder.synchronized = false
        let red = CellStyle(foreground: .red)
        let new = frame(10, 1) {
            $0.write("ab", x: 0, y: 0, style: red)
            $0.write("c", x: 2, y: 0)
        }
        #expect(visible(encoder.encode(from: frame(10, 1), to: new)) == "␛[H␛[31mab␛[mc")
        #expect(encoder.pen == .plain)
    }

    @Test func thePenIsKeptAcrossFrames() {
        var encoder = FrameEncoder()
        encoder.synchronized = false
        let red = CellStyle(foreground: .red)
        let first = frame(10, 1) { $0.write("a", x: 0, y: 0, style: red) }
        _ = encoder.encode(from: frame(10, 1), to: first)
        let second = frame(10, 1) { $0.write("ab", x: 0, y: 0, style: red) }
        #expect(visible(encoder.encode(from: first, to: second)) == "b")
        encoder.invalidate()
        let third = frame(10, 1) { $0.write("abc", x: 0, y: 0, style: red) }
        #expect(visible(encoder.encode(from: second, to: third)) == "␛[1;3H␛[m␛[31mc")
    }

    @Test func aWideCharacterIsWrittenOnceForBothCells() {
        var encoder = FrameEncoder()
        encoder.synchronized = false
        let old = frame(6, 1) { $0.write("abcd", x: 0, y: 0) }
        let new = frame(6, 1) { $0.write("a漢d", x: 0, y: 0) }
        #expect(visible(encoder.encode(from: old, to: new)) == "␛[1;2H漢")
        let back = frame(6, 1) { $0.write("axyd", x: 0, y: 0) }
        #expect(visible(encoder.encode(from: new, to: back)) == "␛[2Gxy")
    }

    @Test func aClearedTailIsErasedToTheEndOfTheLine() {
        var encoder = FrameEncoder()
        encoder.synchronized = false
        let old = frame(20, 1) { $0.write("hello world", x: 0, y: 0) }
        let new = frame(20, 1) { $0.write("hello", x: 0, y: 0) }
        #expect(visible(encoder.encode(from: old, to: new)) == "␛[1;7H␛[K")
    }

    @Test func withoutAPreviousFrameTheScreenIsClearedAndDrawn() {
        var encoder = FrameEncoder()
        let new = frame(10, 2) { $0.write("hi", x: 1, y: 1) }
        #expect(visible(encoder.encode(from: nil, to: new)) == "␛[?2026h␛[2J␛[2;2Hhi␛[?2026l")
        var fresh = FrameEncoder()
        fresh.invalidate()
        #expect(visible(fresh.encodeFull(new)) == "␛[?2026h␛[m␛[2J␛[2;2Hhi␛[?2026l")
        let resized = frame(12, 2) { $0.write("hi", x: 1, y: 1) }
        #expect(visible(encoder.encode(from: new, to: resized)).hasPrefix("␛[?2026h␛[2J"))
    }

    @Test func writingTheLastColumnForgetsTheCursor() {
        var encoder = FrameEncoder()
        encoder.synchronized = false
        let new = frame(3, 2) {
            $0.write("abc", x: 0, y: 0)
            $0.write("d", x: 0, y: 1)
        }
        #expect(visible(encoder.encode(from: frame(3, 2), to: new)) == "␛[Habc␛[2Hd")
    }

    @Test func oneChangedStyledCellOnABigScreenFitsIn32Bytes() {
        var encoder = FrameEncoder()
        let old = frame(200, 60) { $0.write(String(repeating: "x", count: 200), x: 0, y: 58) }
        let new = frame(200, 60) {
            $0.write(String(repeating: "x", count: 200), x: 0, y: 58)
            $0.write("y", x: 198, y: 58, style: CellStyle(foreground: .brightMagenta))
        }
        let bytes = encoder.encode(from: old, to: new)
        #expect(visible(bytes) == "␛[?2026h␛[59;199H␛[95my␛[?2026l")
        #expect(bytes.count <= 32)
    }

    @Test func replayingTheBytesReproducesTheFrame() {
        // A fully changed frame: every cell differs, styles change along the rows.
        var encoder = FrameEncoder()
        let old = frame(30, 4) { buffer in
            for row in 0..<4 { buffer.write(String(repeating: "o", count: 30), x: 0, y: row) }
        }
        let new = frame(30, 4) { buffer in
            for row in 0..<4 {
                for column in 0..<30 {
                    let style = CellStyle(
                        foreground: .palette(UInt8(column % 16)), attributes: column % 3 == 0 ? .bold : [])
                    buffer.write(
                        String(UnicodeScalar(UInt8(65 + (row + column) % 26))), x: column, y: row,
                        style: style)
                }
            }
        }
        let bytes = encoder.encode(from: old, to: new)
        #expect(VirtualTerminal(replaying: old, bytes).screen == new)
    }

    @Test func randomFramesReplayExactlyOnAVirtualTerminal() {
        let glyphs: [String] = ["a", "b", " ", "漢", "😀", "e\u{301}", "─", "x"]
        let styles: [CellStyle] = [
            .plain, CellStyle(foreground: .red), CellStyle(background: .blue, attributes: .bold),
            CellStyle(foreground: .rgb(red: 9, green: 8, blue: 7), attributes: [.italic, .underline]),
        ]
        for seed in 1...20 {
            var random = SeededGenerator(seed: UInt64(seed))
            var encoder = FrameEncoder()
            var shown = CellBuffer(width: 12, height: 5)
            var terminal = VirtualTerminal(replaying: shown, [])
            for _ in 0..<15 {
                var next = shown
                for _ in 0..<Int.random(in: 0...20, using: &random) {
                    let x = Int.random(in: 0..<12, using: &random)
                    let y = Int.random(in: 0..<5, using: &random)
                    let glyph = glyphs.randomElement(using: &random) ?? "a"
                    let style = styles.randomElement(using: &random) ?? .plain
                    if Int.random(in: 0..<6, using: &random) == 0 {
                        next.fill(Rect(x: x, y: y, width: 12, height: 1))
                    } else {
                        next.write(glyph, x: x, y: y, style: style)
                    }
                }
                terminal.apply(encoder.encode(from: shown, to: next))
                if terminal.screen != next {
                    Issue.record(
                        "seed \(seed): replay differs\n\(screenDiff(actual: terminal.screen.lines, expected: next.lines))"
                    )
                    break
                }
                shown = next
            }
        }
    }

    @Test func comparingOnlyTheChangedAreasWritesTheSameBytes() {
        let glyphs: [String] = ["a", " ", "漢", "😀", "─"]
        let styles: [CellStyle] = [.plain, CellStyle(foreground: .red), CellStyle(background: .blue)]
        for seed in 1...20 {
            var random = SeededGenerator(seed: UInt64(seed))
            var everything = FrameEncoder()
            var areasOnly = FrameEncoder()
            var shown = CellBuffer(width: 12, height: 5)
            for _ in 0..<15 {
                var next = shown
                var areas: [Rect] = []
                for _ in 0..<Int.random(in: 0...6, using: &random) {
                    let x = Int.random(in: 0..<12, using: &random)
                    let y = Int.random(in: 0..<5, using: &random)
                    let width = Int.random(in: 1...5, using: &random)
                    if Int.random(in: 0..<4, using: &random) == 0 {
                        next.fill(Rect(x: x, y: y, width: width, height: 1))
                    } else {
                        next.write(glyphs.randomElement(using: &random) ?? "a", x: x, y: y,
                            style: styles.randomElement(using: &random) ?? .plain)
                    }
                    // As the canvas says what it painted: a column either side.
                    areas.append(Rect(x: x - 1, y: y, width: width + 2, height: 1))
                }
                let expected = everything.encode(from: shown, to: next)
                #expect(areasOnly.encode(from: shown, to: next, changedAreas: areas) == expected, "seed \(seed)")
                shown = next
            }
        }
    }
}
