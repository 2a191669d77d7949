/// What the user did at the terminal: a key press, a bracketed paste or the mouse.
public enum InputEvent: Sendable, Hashable {
    /// A key press.
    case key(KeyEvent)
    /// Text pasted while bracketed paste was on, delivered whole so that a paste is
    /// never mistaken for typed keys (a pasted newline does not press enter).
    ///
    /// Line breaks are normalised to `"\n"` (terminals send pasted newlines as CR).
    case paste(String)
    /// A mouse button, drag or wheel step, reported while mouse reporting is on.
    case mouse(MouseEvent)
}

extension InputEvent: CustomStringConvertible {
    /// The key's full name, `paste("…")` or the mouse event; handy in test failure messages.
    public var description: String {
        switch self {
        case .key(let key): key.fullName
        case .paste(let text): "paste(\(String(reflecting: text)))"
        case .mouse(let mouse): mouse.description
        }
    }
}
