/// One key press, as a component sees it.
///
/// `name` is the key itself: a single character (`"j"`, `"J"`, `"é"`, `"+"`) or one of
/// the ``SpecialKey`` names (`"enter"`, `"pageup"`, `"f5"`…). Modifiers are separate
/// booleans, so ctrl+c is `name == "c"` with `ctrl == true`; ``fullName`` joins them
/// into the contract's `ctrl+x` / `alt+x` / `shift+up` form.
///
/// A terminal cannot report shift for characters (it sends `J`, not shift+j), so
/// `shift` is only ever set on special keys; the case of `name` carries it.
public struct KeyEvent: Sendable, Hashable {
    /// The key: a single character or a ``SpecialKey`` raw value.
    public var name: String
    /// The text the key types, for printable keys without ctrl or alt; otherwise nil.
    ///
    /// `space` types `" "`; `enter`, `tab` and other special keys type nothing.
    public var text: String?
    /// Whether ctrl was held.
    public var ctrl: Bool
    /// Whether alt (meta, option) was held; terminals send it as an ESC prefix.
    public var alt: Bool
    /// Whether shift was held, for special keys (`shift+up`); never set for characters.
    public var shift: Bool

    /// Creates a key event from its parts, as given; prefer ``character(_:ctrl:alt:)``
    /// and ``init(_:ctrl:alt:shift:)``, which fill in `text` consistently.
    public init(name: String, text: String?, ctrl: Bool = false, alt: Bool = false, shift: Bool = false) {
        self.name = name
        self.text = text
        self.ctrl = ctrl
        self.alt = alt
        self.shift = shift
    }

    /// Creates the event of a special key such as `enter` or `f5`.
    ///
    /// `space` without ctrl or alt types `" "`; every other special key types nothing.
    public init(_ key: SpecialKey, ctrl: Bool = false, alt: Bool = false, shift: Bool = false) {
        let typesSpace = key == .space && !ctrl && !alt
        self.init(name: key.rawValue, text: typesSpace ? " " : nil, ctrl: ctrl, alt: alt, shift: shift)
    }

    /// Creates the event of a character key; it types the character unless ctrl or alt
    /// is held. A space becomes the `space` key.
    public static func character(_ character: Character, ctrl: Bool = false, alt: Bool = false) -> KeyEvent {
        if character == " " {
            return KeyEvent(.space, ctrl: ctrl, alt: alt)
        }
        let name = String(character)
        return KeyEvent(name: name, text: ctrl || alt ? nil : name, ctrl: ctrl, alt: alt, shift: false)
    }

    /// The special key this event is, or nil for a character key.
    public var specialKey: SpecialKey? {
        SpecialKey(rawValue: name)
    }

    /// The key with its modifiers, in the contract's form: `"j"`, `"enter"`,
    /// `"ctrl+c"`, `"alt+x"`, `"shift+up"`, `"ctrl+alt+delete"`.
    ///
    /// Modifiers come in the fixed order ctrl, alt, shift, so equal events have equal
    /// names; ``parse(_:)`` reads this form back.
    public var fullName: String {
        var result = ""
        if ctrl { result += "ctrl+" }
        if alt { result += "alt+" }
        if shift { result += "shift+" }
        return result + name
    }
}

extension KeyEvent: CustomStringConvertible {
    /// The ``fullName``, e.g. `"ctrl+c"`.
    public var description: String { fullName }
}

/// The named, non-character keys of the contract, plus `insert`.
///
/// The raw value is the key's name as scripts see it.
public enum SpecialKey: String, Sendable, Hashable, CaseIterable {
    /// Return or enter.
    case enter
    /// Tab.
    case tab
    /// Shift+tab, which terminals send as its own key (CSI Z).
    case backtab
    /// Escape, reported once no sequence followed it within the decoder's timeout.
    case esc
    /// Backspace (DEL or BS).
    case backspace
    /// Forward delete.
    case delete
    /// Insert; not named in the contract, reported so scripts can use it.
    case insert
    /// Arrow up.
    case up
    /// Arrow down.
    case down
    /// Arrow left.
    case left
    /// Arrow right.
    case right
    /// Home.
    case home
    /// End.
    case end
    /// Page up.
    case pageup
    /// Page down.
    case pagedown
    /// The space bar; it types `" "`.
    case space
    /// Function key 1.
    case f1
    /// Function key 2.
    case f2
    /// Function key 3.
    case f3
    /// Function key 4.
    case f4
    /// Function key 5.
    case f5
    /// Function key 6.
    case f6
    /// Function key 7.
    case f7
    /// Function key 8.
    case f8
    /// Function key 9.
    case f9
    /// Function key 10.
    case f10
    /// Function key 11.
    case f11
    /// Function key 12.
    case f12

    /// The function key `f<number>`, for 1 through 12; otherwise nil.
    public static func function(_ number: Int) -> SpecialKey? {
        SpecialKey(rawValue: "f\(number)")
    }
}
