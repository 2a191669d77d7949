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
    /// Ask for mouse reports (`CSI ?1000h`, `?1002h`, `?1006h`): presses, releases,
    /// drags and wheel steps, in the SGR form that has no limit on the screen's size.
    /// While it is on, the terminal's own text selection needs shift held.
    public var mouse: Bool
    /// Ask whether the terminal speaks the kitty keyboard protocol (`CSI ? u`) and,
    /// when it answers, turn on its disambiguation (`CSI > 1 u`), so that ctrl+i and
    /// tab, ctrl+m and enter, shift+enter and enter, esc and alt+ keys are told apart.
    /// A terminal that does not answer is left as it was.
    public var keyboardProtocol: Bool

    /// Creates a set of modes; the defaults are what `theolua run` uses.
    public init(
        alternateScreen: Bool = true, hideCursor: Bool = true, bracketedPaste: Bool = true, mouse: Bool = true,
        keyboardProtocol: Bool = true
    ) {
        self.alternateScreen = alternateScreen
        self.hideCursor = hideCursor
        self.bracketedPaste = bracketedPaste
        self.mouse = mouse
        self.keyboardProtocol = keyboardProtocol
    }

    /// Alternate screen, hidden cursor, bracketed paste, the mouse and the keyboard
    /// protocol: a full-screen app.
    public static let fullScreen = InteractiveModes()

    /// Raw input and bracketed paste only: for an inline app that draws below the prompt.
    public static let inline = InteractiveModes(
        alternateScreen: false, hideCursor: false, bracketedPaste: true, mouse: false, keyboardProtocol: false)

    /// Turns the keyboard protocol's disambiguation on, once the terminal has answered
    /// the query of ``enterSequence``; ``leaveSequence`` turns it off.
    public static let keyboardProtocolPush: [UInt8] = Array("\u{1B}[>1u".utf8)

    /// The bytes that turn the modes on, written after raw mode is set.
    public var enterSequence: [UInt8] {
        var text = ""
        if alternateScreen { text += "\u{1B}[?1049h" }
        if hideCursor { text += "\u{1B}[?25l" }
        if bracketedPaste { text += "\u{1B}[?2004h" }
        if mouse { text += "\u{1B}[?1000h\u{1B}[?1002h\u{1B}[?1006h" }
        if keyboardProtocol { text += "\u{1B}[?u" }
        return Array(text.utf8)
    }

    /// The bytes that turn the modes off again, in reverse order, after resetting
    /// colours and styles so the shell does not inherit the app's last pen.
    public var leaveSequence: [UInt8] {
        var text = "\u{1B}[0m"
        // Popping what was never pushed is harmless, so this need not know whether the
        // terminal answered; it comes before leaving the alternate screen, since the
        // protocol keeps a stack per screen.
        if keyboardProtocol { text += "\u{1B}[<u" }
        if mouse { text += "\u{1B}[?1006l\u{1B}[?1002l\u{1B}[?1000l" }
        if bracketedPaste { text += "\u{1B}[?2004l" }
        if hideCursor { text += "\u{1B}[?25h" }
        if alternateScreen { text += "\u{1B}[?1049l" }
        return Array(text.utf8)
    }
}
