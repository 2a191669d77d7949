/// One thing the mouse did, at a cell of the screen.
///
/// Terminals report the mouse when the app asks (SGR mode: `CSI ? 1000 h`, `1002`,
/// `1006`): a button pressed or released, the pointer moved with a button held (a
/// drag), or a wheel step. `x` is the column and `y` the row, counted from 0 at the
/// screen's top-left cell.
public struct MouseEvent: Sendable, Hashable {
    /// What happened.
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        /// A button went down.
        case press
        /// A button went up.
        case release
        /// The pointer moved with a button held down.
        case drag
        /// The pointer moved with no button held (only reported in all-motion mode).
        case move
        /// One step of the wheel; ``MouseEvent/button`` says which way.
        case wheel
    }

    /// Which button, or which way the wheel turned.
    public enum Button: String, Sendable, Hashable, CaseIterable {
        case left
        case middle
        case right
        /// No button: a move, or a release whose button the terminal did not say.
        case none
        /// The wheel turned up (away from the user).
        case up
        /// The wheel turned down.
        case down
        /// The wheel (or a trackpad) moved left.
        case wheelLeft = "wheelleft"
        /// The wheel (or a trackpad) moved right.
        case wheelRight = "wheelright"
        /// A fourth or later button (back, forward…).
        case other
    }

    public var kind: Kind
    public var button: Button
    /// The column, from 0 at the left edge.
    public var x: Int
    /// The row, from 0 at the top.
    public var y: Int
    public var ctrl: Bool
    public var alt: Bool
    public var shift: Bool

    public init(
        _ kind: Kind, _ button: Button, x: Int, y: Int, ctrl: Bool = false, alt: Bool = false, shift: Bool = false
    ) {
        self.kind = kind
        self.button = button
        self.x = x
        self.y = y
        self.ctrl = ctrl
        self.alt = alt
        self.shift = shift
    }

    /// Reads an SGR mouse report, `CSI < b ; x ; y M` (press, drag, wheel) or `… m`
    /// (release), given its three numbers; nil when they make no sense.
    ///
    /// The button code packs the button (low two bits, plus 64 for the wheel and 128
    /// for buttons 8–11), shift (4), alt (8), ctrl (16) and motion (32). Coordinates
    /// are 1-based on the wire.
    init?(sgrButton code: Int, column: Int, row: Int, released: Bool) {
        guard code >= 0, code < 256, column >= 1, row >= 1 else { return nil }
        let low = code & 3
        let motion = code & 32 != 0
        let button: Button
        switch code & (64 | 128) {
        case 0: button = [.left, .middle, .right, .none][low]
        case 64: button = [.up, .down, .wheelLeft, .wheelRight][low]
        default: button = .other
        }
        let kind: Kind
        if code & (64 | 128) == 64 {
            guard !released else { return nil }  // wheel steps have no release
            kind = .wheel
        } else if released {
            kind = .release
        } else if motion {
            kind = button == .none ? .move : .drag
        } else {
            kind = .press
        }
        self.init(
            kind, button, x: column - 1, y: row - 1, ctrl: code & 16 != 0, alt: code & 8 != 0, shift: code & 4 != 0)
    }
}

extension MouseEvent: CustomStringConvertible {
    /// The kind, the modifiers, the button and the cell: `press:left@3,4`,
    /// `wheel:up@3,4` (which `--keys` reads back), `drag:ctrl+left@5,1`.
    public var description: String {
        var modifiers = ""
        if ctrl { modifiers += "ctrl+" }
        if alt { modifiers += "alt+" }
        if shift { modifiers += "shift+" }
        return "\(kind.rawValue):\(modifiers)\(button.rawValue)@\(x),\(y)"
    }
}
