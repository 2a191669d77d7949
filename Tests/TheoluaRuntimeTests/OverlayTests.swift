import Testing
import TheoluaCanvas

@testable import TheoluaRuntime

/// The panels `run` draws over the app: the error overlay, notes and the log view.
@Suite struct OverlayTests {
    static func screen(width: Int, height: Int) -> CellBuffer {
        CellBuffer(width: width, height: height)
    }

    @Test func linesWrapAtSpacesAndInsideWordsLongerThanTheWidth() {
        #expect(Overlay.wrap("attempt to call a nil value", width: 10) == ["attempt to", "call a nil", "value"])
        #expect(Overlay.wrap("abcdefghijklmnop", width: 6) == ["abcdef", "ghijkl", "mnop"])
        #expect(Overlay.wrap("a bcdefghijk", width: 6) == ["a", "bcdefg", "hijk"])
        #expect(Overlay.wrap("", width: 6) == [""])
        #expect(Overlay.wrap("漢字漢字", width: 5) == ["漢字", "漢字"])
        for piece in Overlay.wrap("a 漢字漢字漢 b", width: 5) { #expect(UnicodeWidth.of(piece) <= 5, "\(piece)") }
    }

    @Test func theErrorOverlayKeepsFileAndLineInAShortTerminal() {
        let message = "app.lua:12: Counter: attempt to index a nil value (field 'count')\nstack traceback:\n"
            + (1...20).map { "\tapp.lua:\($0): in function <app.lua:\($0)>" }.joined(separator: "\n")
        let lines = Overlay.error(message, over: Self.screen(width: 40, height: 10)).lines
        #expect(
            Array(lines.suffix(5)) == [
                "╭─ error — fix and save to reload ─────╮",
                "│ app.lua:12: Counter: attempt to      │",
                "│ index a nil value (field 'count')    │",
                "│ stack traceback: …                   │",
                "╰──────────────────────────────────────╯",
            ])
    }

    @Test func theLogShowsItsLastLines() {
        let lines = Overlay.log((1...20).map { "line \($0)" }, over: Self.screen(width: 20, height: 5)).lines
        #expect(lines == ["╭─ log — F12 to cl─╮", "│ line 18          │", "│ line 19          │", "│ line 20          │", "╰──────────────────╯"])
    }

    @Test func aNoteIsDrawnAtTheTopAndLeavesTheRestOfTheFrame() {
        var frame = Self.screen(width: 30, height: 8)
        frame.write("footer", x: 0, y: 7, style: CellStyle())
        let lines = Overlay.note("paste of 10 MiB not inserted", over: frame).lines
        #expect(
            lines == [
                "╭─ note — the next key close─╮", "│ paste of 10 MiB not        │", "│ inserted                   │",
                "╰────────────────────────────╯", "", "", "", "footer",
            ])
    }
}
