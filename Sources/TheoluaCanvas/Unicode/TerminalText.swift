/// The one filter for text theolua writes to a terminal, standard output or standard
/// error on a script's behalf: lines `ui.print` writes above an inline app, what
/// `print`, `warn` and warnings put in the log (the log view, or `render`'s standard
/// error), `render`'s printed lines, tree and clipboard line, script errors, and the
/// reports of `theolua test`. What a script says is shown, never obeyed: a control
/// character is drawn as a visible picture of itself, so neither an escape sequence
/// (CSI, OSC 52 to the clipboard, OSC 0 to the window title) nor a carriage return
/// written over a line reaches the terminal.
///
/// - Tab is kept, and a line break where the sink is lines (`breaks: .kept`; a CR LF
///   pair is one break).
/// - Every other C0 control is its Control Pictures character (U+2400 + the code:
///   ESC is `␛`, BEL `␇`, CR `␍`, a break in a one-line sink `␊`); DEL is `␡`.
/// - A C1 control (U+0080–U+009F: 8-bit CSI, OSC and ST among them) is U+FFFD, as
///   Unicode has no pictures for them.
/// - Invalid UTF-8, in the bytes form, is U+FFFD (a Swift string is valid already).
///
/// Cells never hold controls (the canvas gives them no width), so a screen needs no
/// filter; a hyperlink's URL with any control is no link (``Hyperlink/init(url:)``).
public enum TerminalText {
    /// What becomes of line breaks.
    public enum Breaks: Sendable {
        /// Kept: the sink writes lines (`\r\n` is one break).
        case kept
        /// Shown as `␊` (and `␍`): the text is one line.
        case shown
    }

    /// `text` safe to write to a terminal.
    public static func printable(_ text: some StringProtocol, breaks: Breaks = .kept) -> String {
        if isPrintable(text.utf8, breaks: breaks) { return String(text) }
        var out = String.UnicodeScalarView()
        var scalars = text.unicodeScalars.makeIterator()
        var next = scalars.next()
        while let scalar = next {
            next = scalars.next()
            switch scalar.value {
            case 0x09:
                out.append(scalar)
            case 0x0D where breaks == .kept && next == "\n":
                continue  // CR LF: the LF is the break
            case 0x0A where breaks == .kept:
                out.append(scalar)
            case 0x00..<0x20:
                out.append(picture(of: scalar.value))
            case 0x7F:
                out.append("\u{2421}")
            case 0x80...0x9F:
                out.append("\u{FFFD}")
            default:
                out.append(scalar)
            }
        }
        return String(out)
    }

    /// The UTF-8 `bytes` as safe text (invalid sequences become U+FFFD).
    public static func printable(utf8 bytes: some Collection<UInt8>, breaks: Breaks = .kept) -> String {
        printable(String(decoding: bytes, as: UTF8.self), breaks: breaks)
    }

    /// Whether `text` holds no control character at all (C0, DEL or C1), tab and line
    /// breaks included.
    public static func isPlain(_ text: some StringProtocol) -> Bool {
        !text.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }
    }

    /// Whether the UTF-8 `bytes` need no change: the common case, checked a byte at a
    /// time. A C1 control is C2 80–C2 9F; any other C2 sequence is sent the long way.
    private static func isPrintable(_ bytes: some Sequence<UInt8>, breaks: Breaks) -> Bool {
        for byte in bytes {
            if byte >= 0x20 {
                if byte == 0x7F || byte == 0xC2 { return false }
            } else if byte != 0x09 && !(byte == 0x0A && breaks == .kept) {
                return false
            }
        }
        return true
    }

    /// The Control Pictures character of the C0 control `code`.
    private static func picture(of code: UInt32) -> Unicode.Scalar {
        Unicode.Scalar(0x2400 + code) ?? "\u{FFFD}"
    }
}
