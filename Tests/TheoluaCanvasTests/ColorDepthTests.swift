import Testing

@testable import TheoluaCanvas

/// Colors that fit the terminal: the depth read from the environment, and colors
/// mapped down to the nearest the terminal has, as the eye sees it.
@Suite struct ColorDepthTests {
    @Test func theEnvironmentSaysTheDepth() {
        #expect(ColorDepth.detect(["TERM": "xterm-256color", "COLORTERM": "truecolor"]) == .truecolor)
        #expect(ColorDepth.detect(["TERM": "xterm", "COLORTERM": "24bit"]) == .truecolor)
        #expect(ColorDepth.detect(["TERM": "tmux-256color"]) == .ansi256)
        #expect(ColorDepth.detect(["TERM": "xterm"]) == .ansi16)
        #expect(ColorDepth.detect([:]) == .ansi16)
        #expect(ColorDepth.detect(["TERM": "dumb"]) == .none)
        #expect(ColorDepth.detect(["TERM": "xterm-256color", "COLORTERM": "truecolor", "NO_COLOR": "1"]) == .none)
        // An empty NO_COLOR does not count (no-color.org).
        #expect(ColorDepth.detect(["TERM": "xterm-256color", "NO_COLOR": ""]) == .ansi256)
    }

    @Test func colorsMapToTheNearestTheDepthHas() {
        let orange = Color.rgb(red: 255, green: 136, blue: 0)
        #expect(ColorDepth.truecolor.adapt(orange) == orange)
        #expect(ColorDepth.ansi256.adapt(orange) == .palette(208))
        #expect(ColorDepth.ansi256.adapt(.palette(208)) == .palette(208))
        #expect(ColorDepth.ansi16.adapt(.palette(2)) == .palette(2))
        #expect(ColorDepth.ansi16.adapt(.rgb(red: 250, green: 250, blue: 250)) == .palette(15))
        #expect(ColorDepth.ansi16.adapt(.rgb(red: 10, green: 10, blue: 20)) == .palette(0))
        #expect(ColorDepth.ansi16.adapt(.palette(196)) == .palette(9))  // the cube's pure red
        #expect(ColorDepth.none.adapt(orange) == .default)
        #expect(ColorDepth.ansi16.adapt(.default) == .default)
        // Grays go to the gray ramp, not to a tinted cube entry.
        #expect(ColorDepth.ansi256.adapt(.rgb(red: 100, green: 100, blue: 100)) == .palette(241))
    }

    @Test func darkColorsKeepTheirHue() {
        #expect(ColorDepth.ansi16.adapt(.rgb(red: 0, green: 0, blue: 160)) == .palette(4))
        #expect(ColorDepth.ansi16.adapt(.rgb(red: 150, green: 0, blue: 0)) == .palette(1))
    }

    @Test func theEncoderWritesWhatTheTerminalHas() {
        var buffer = CellBuffer(width: 3, height: 1)
        _ = buffer.write(
            "ab", x: 0, y: 0,
            style: CellStyle(foreground: .rgb(red: 255, green: 136, blue: 0), attributes: .bold))
        var sixteen = FrameEncoder(colorDepth: .ansi16)
        sixteen.synchronized = false
        let bytes = String(decoding: sixteen.encode(from: nil, to: buffer), as: UTF8.self)
        #expect(bytes.contains("\u{1B}[1;91m") || bytes.contains("\u{1B}[0;1;91m"), "\(bytes.debugDescription)")
        var none = FrameEncoder(colorDepth: .none)
        none.synchronized = false
        let plain = String(decoding: none.encode(from: nil, to: buffer), as: UTF8.self)
        #expect(!plain.contains("91") && !plain.contains("38;"), "\(plain.debugDescription)")
        #expect(plain.contains("1m"))
        #expect(buffer.ansiText(colors: .ansi256) == "\u{1B}[1;38;5;208mab\u{1B}[m")
    }
}
