import Testing

@testable import TheoluaWidgets

/// An input's window found with runs of ASCII walked over its bytes is the window found
/// a character at a time, for values of every kind of character.
@Suite struct InputWindowTests {
    /// The window a character at a time, as it was found before the runs.
        static func reference(value: String, cursor: String.Index, offset previous: Int, width limit: Int) -> [String] {
            let cursorEnd = cursor < value.endIndex ? InputWindow.step(after: cursor, in: value).index : cursor
            let cursorWidth = cursor < value.endIndex ? max(1, InputWindow.step(after: cursor, in: value).width) : 1
            let previousStart = InputEditor.boundary(atOrBefore: previous, in: value)
            // Start where the window started, or further right if the cursor is not in view
            // from there: walk left from the cursor while what is walked over fits.
            var start = cursor
            var used = cursorWidth
            while start > previousStart {
                let (before, width) = InputWindow.step(before: start, in: value)
                guard used + width <= limit else { break }
                used += width
                start = before
            }
            // When everything from the start to the end of the value fits with room to
            // spare, scroll back left into that room.
            var tail = 0
            var scan = cursorEnd
            while scan < value.endIndex, used + tail <= limit {
                let (next, width) = InputWindow.step(after: scan, in: value)
                tail += width
                scan = next
            }
            if used + tail <= limit {
                let room = limit - used - tail
                var extra = 0
                while start > value.startIndex {
                    let (before, width) = InputWindow.step(before: start, in: value)
                    guard extra + width <= room else { break }
                    extra += width
                    start = before
                }
                used += extra
            }
            // The characters after the cursor that fit.
            var end = cursorEnd
            while end < value.endIndex {
                let (next, width) = InputWindow.step(after: end, in: value)
                guard used + width <= limit else { break }
                used += width
                end = next
            }
            return [
            String(InputEditor.offset(of: start, in: value)), String(value[start..<cursor]),
            cursor < value.endIndex ? String(value[cursor]) : " ", String(value[cursorEnd..<end]),
        ]
        }


    @Test func runsOfASCIIGiveTheWindowCharactersAtATimeGive() {
        let pieces = ["a", "b", " ", "é", "e\u{301}", "漢", "🙂", "\t", "\r\n", "z", "~", "👍🏽"]
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<3_000 {
            let count = Int.random(in: 0...40, using: &generator)
            let value = (0..<count).map { _ in
                Int.random(in: 0..<4, using: &generator) == 0
                    ? pieces.randomElement(using: &generator) ?? "a" : String(UnicodeScalar(UInt8.random(in: 0x20...0x7E, using: &generator)))
            }.joined()
            let boundaries = Array(value.indices) + [value.endIndex]
            let cursor = boundaries.randomElement(using: &generator) ?? value.endIndex
            let width = Int.random(in: 1...12, using: &generator)
            let previous = Int.random(in: 0...max(0, value.utf8.count), using: &generator)
            let fast = InputWindow(value: value, cursor: cursor, offset: previous, width: width)
            let slow = Self.reference(value: value, cursor: cursor, offset: previous, width: width)
            #expect([String(fast.offset), fast.before, fast.cursor, fast.after] == slow, "\(value.debugDescription) cursor \(value.utf8.distance(from: value.startIndex, to: cursor)) width \(width) from \(previous)")
        }
    }
}
