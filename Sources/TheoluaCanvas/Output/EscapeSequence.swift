/// The terminal control sequences a terminal layer writes around frames, as bytes.
///
/// The canvas never writes to a terminal; these constants let the terminal module and
/// tests share one spelling of each sequence.
public enum EscapeSequence {
    /// Switches to the alternate screen (CSI ? 1049 h), saving the main one.
    public static let enterAlternateScreen: [UInt8] = Array("\u{1B}[?1049h".utf8)
    /// Returns to the main screen (CSI ? 1049 l).
    public static let leaveAlternateScreen: [UInt8] = Array("\u{1B}[?1049l".utf8)
    /// Hides the cursor (CSI ? 25 l).
    public static let hideCursor: [UInt8] = Array("\u{1B}[?25l".utf8)
    /// Shows the cursor (CSI ? 25 h).
    public static let showCursor: [UInt8] = Array("\u{1B}[?25h".utf8)
    /// Starts a synchronized update (CSI ? 2026 h): the terminal shows nothing until it ends.
    public static let beginSynchronizedUpdate: [UInt8] = Array("\u{1B}[?2026h".utf8)
    /// Ends a synchronized update (CSI ? 2026 l).
    public static let endSynchronizedUpdate: [UInt8] = Array("\u{1B}[?2026l".utf8)
    /// Resets colors and attributes to the terminal's defaults (CSI m).
    public static let resetStyle: [UInt8] = Array("\u{1B}[m".utf8)
    /// Clears the whole screen with the default background (CSI 2 J).
    public static let clearScreen: [UInt8] = Array("\u{1B}[2J".utf8)
    /// Moves the cursor to the top-left cell (CSI H).
    public static let cursorHome: [UInt8] = Array("\u{1B}[H".utf8)
    /// Turns automatic line wrapping off (CSI ? 7 l), so writing the last column never scrolls.
    public static let disableLineWrap: [UInt8] = Array("\u{1B}[?7l".utf8)
    /// Turns automatic line wrapping back on (CSI ? 7 h).
    public static let enableLineWrap: [UInt8] = Array("\u{1B}[?7h".utf8)

    /// What a full-screen app writes on start: alternate screen, hidden cursor, clear.
    public static let enterFullScreen: [UInt8] = enterAlternateScreen + hideCursor + resetStyle + clearScreen

    /// What a full-screen app writes on exit: default pen, visible cursor, main screen.
    public static let leaveFullScreen: [UInt8] = resetStyle + showCursor + leaveAlternateScreen

    /// The cursor position sequence (CUP) for a 0-based column and row.
    public static func moveCursor(x: Int, y: Int) -> [UInt8] {
        var out: [UInt8] = []
        CursorMoves.appendPosition(x: x, y: y, into: &out)
        return out
    }

    /// The bytes as text with ESC shown as `␛`, so escape codes can be read and compared
    /// in tests and logs: `␛[2;5Hx`.
    public static func visible(_ bytes: some Sequence<UInt8>) -> String {
        String(decoding: Array(bytes), as: UTF8.self).replacingEscapes()
    }

    /// A string with ESC shown as `␛`; see `visible(_:)`.
    public static func visible(_ text: String) -> String { text.replacingEscapes() }
}

extension String {
    fileprivate func replacingEscapes() -> String {
        var result = ""
        result.reserveCapacity(utf8.count)
        for scalar in unicodeScalars {
            if scalar == "\u{1B}" { result += "␛" } else { result.unicodeScalars.append(scalar) }
        }
        return result
    }
}
