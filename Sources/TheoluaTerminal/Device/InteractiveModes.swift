/// The terminal features a full-screen app turns on while it runs, and the escape
/// sequences that turn them on and off.
///
/// Raw input (no echo, no line editing, no signals from ctrl+c/ctrl+z, no CR/LF
/// translation in either direction) is always part of interactive mode; these are the
/// optional extras.
public struct InteractiveModes: Sendable, Hashable {
    /// Draw on the alternate screen (`CSI ?1049h`), so the shell's screen and
    /// scrollback come back untouched on exit.
    public var alternateScreen: Bool
    /// Hide the cursor (`CSI ?25l`) while the app runs.
    public var hideCursor: Bool
    /// Ask the terminal to bracket pasted text (`CSI ?2004h`), so a paste arrives as
    /// one ``InputEvent/paste(_:)`` instead of a burst of keys.
    public var bracketedPaste: Bool

    /// Creates a set of modes; the defaults are what `theolua run` uses.
    public init(alternateScreen: Bool = true, hideCursor: Bool = true, bracketedPaste: Bool = true) {
        self.alternateScreen = alternateScreen
        self.hideCursor = hideCursor
        self.bracketedPaste = bracketedPaste
    }

    /// Alternate screen, hidden cursor and bracketed paste: a full-screen app.
    public static let fullScreen = InteractiveModes()

    /// Raw input only: for an inline app that draws below the prompt.
    public static let inline = InteractiveModes(
        alternateScreen: false, hideCursor: false, bracketedPaste: true)

    /// The bytes that turn the modes on, written after raw mode is set.
    public var enterSequence: [UInt8] {
        var text = ""
        if alternateScreen { text += "\u{1B}[?1049h" }
        if hideCursor { text += "\u{1B}[?25l" }
        if bracketedPaste { text += "\u{1B}[?2004h" }
        return Array(text.utf8)
    }

    /// The bytes that turn the modes off again, in reverse order, after resetting
    /// colours and styles so the shell does not inherit the app's last pen.
    public var leaveSequence: [UInt8] {
        var text = "\u{1B}[0m"
        if bracketedPaste { text += "\u{1B}[?2004l" }
        if hideCursor { text += "\u{1B}[?25h" }
        if alternateScreen { text += "\u{1B}[?1049l" }
        return Array(text.utf8)
    }
}
