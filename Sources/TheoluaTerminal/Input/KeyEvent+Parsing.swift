/// A key name that ``KeyEvent/parse(_:)`` cannot read, naming it and saying why.
public enum KeyNameError: Error, Sendable, Hashable {
    /// The name was empty, as in `""` or the trailing part of `"ctrl+"`.
    case empty(name: String)
    /// The key part is neither a single character nor a known special key.
    case unknownKey(name: String, key: String)
    /// A modifier is not `ctrl`, `alt` or `shift` (nor an accepted alias).
    case unknownModifier(name: String, modifier: String)
    /// `shift` was combined with a character other than a letter, which no terminal sends.
    case shiftedCharacter(name: String)
    /// A mouse item (`click:`, `wheel:`…) whose cell or button cannot be read.
    case badMouse(name: String, reason: String)

    /// The whole name as it was given.
    public var name: String {
        switch self {
        case .empty(let name), .unknownKey(let name, _), .unknownModifier(let name, _),
            .shiftedCharacter(let name), .badMouse(let name, _):
            name
        }
    }
}

extension KeyNameError: CustomStringConvertible {
    /// A message a user can act on, naming the key and listing what is accepted.
    public var description: String {
        switch self {
        case .empty(let name):
            "empty key name '\(name)': give a character or a key name such as enter, up, f5"
        case .unknownKey(let name, let key):
            "unknown key '\(name)': '\(key)' is not a character or one of "
                + SpecialKey.allCases.map(\.rawValue).joined(separator: " ")
        case .unknownModifier(let name, let modifier):
            "unknown key '\(name)': modifier '\(modifier)' is not ctrl, alt or shift"
        case .shiftedCharacter(let name):
            "unknown key '\(name)': shift combines with letters and special keys only; "
                + "write the shifted character itself"
        case .badMouse(let name, let reason):
            "bad mouse item '\(name)': \(reason)"
        }
    }
}

extension KeyEvent {
    /// Reads one key name in the contract's form, the inverse of ``fullName``.
    ///
    /// Accepts a single character (`"j"`, `"+"`), a special key (`"enter"`, `"pageup"`,
    /// `"f5"`; case-insensitive, with the aliases `return`, `escape`, `del`, `ins`,
    /// `pgup`, `pgdn`), optionally preceded by modifiers joined with `+`:
    /// `"ctrl+x"`, `"alt+x"`, `"shift+up"`, `"ctrl+alt+delete"`, `"ctrl++"`.
    /// Like a terminal, it folds `ctrl+X` to `ctrl+x`, `shift+a` to `A` and
    /// `shift+tab` to `backtab`.
    ///
    /// - Throws: ``KeyNameError`` naming the key when it cannot be read.
    public static func parse(_ name: String) throws(KeyNameError) -> KeyEvent {
        let (modifiers, key) = splitModifiers(name)
        guard !key.isEmpty else { throw .empty(name: name) }
        var ctrl = false
        var alt = false
        var shift = false
        for modifier in modifiers {
            switch modifier.lowercased() {
            case "ctrl", "control": ctrl = true
            case "alt", "meta", "option": alt = true
            case "shift": shift = true
            case "": throw .empty(name: name)
            default: throw .unknownModifier(name: name, modifier: modifier)
            }
        }
        if key.count == 1, let character = key.first {
            return try characterKey(character, ctrl: ctrl, alt: alt, shift: shift, name: name)
        }
        guard var special = specialKey(named: key) else {
            throw .unknownKey(name: name, key: key)
        }
        if special == .tab && shift {
            special = .backtab
            shift = false
        }
        return KeyEvent(special, ctrl: ctrl, alt: alt, shift: shift)
    }

    /// Reads key names separated by spaces, where a `text:abc` item types each
    /// character of `abc` in turn: an input script without mouse items (which are
    /// unknown keys here; ``InputEvent/parse(script:)`` reads them).
    ///
    /// `"down down enter text:hi ctrl+s"` is five keys and two typed characters.
    ///
    /// - Throws: ``KeyNameError`` for the first name that cannot be read.
    public static func parseKeys(_ keys: String) throws(KeyNameError) -> [KeyEvent] {
        try InputEvent.parse(script: keys, readingMouseItems: false).compactMap { event in
            if case .key(let key) = event { key } else { nil }
        }
    }

    /// The prefix of a `--keys` item that types its characters.
    static let textPrefix = "text:"

    /// Splits `"ctrl+alt+x"` into `(["ctrl", "alt"], "x")`; a trailing `"+"` key
    /// (`"+"`, `"ctrl++"`) is kept whole.
    private static func splitModifiers(_ name: String) -> (modifiers: [String], key: String) {
        if name == "+" { return ([], "+") }
        if name.hasSuffix("++") {
            let modifiers = name.dropLast(2).split(separator: "+", omittingEmptySubsequences: false)
            return (modifiers.map(String.init), "+")
        }
        let parts = name.split(separator: "+", omittingEmptySubsequences: false).map(String.init)
        return (Array(parts.dropLast()), parts.last ?? "")
    }

    private static func characterKey(
        _ character: Character, ctrl: Bool, alt: Bool, shift: Bool, name: String
    ) throws(KeyNameError) -> KeyEvent {
        var character = character
        if shift {
            guard character.isLetter, character.isCased else { throw .shiftedCharacter(name: name) }
            character = character.uppercasedKey
        } else if ctrl, character.isASCII, character.isLetter {
            character = character.lowercasedKey
        }
        return .character(character, ctrl: ctrl, alt: alt)
    }

    private static func specialKey(named key: String) -> SpecialKey? {
        let lowered = key.lowercased()
        if let special = SpecialKey(rawValue: lowered) { return special }
        switch lowered {
        case "return": return .enter
        case "escape": return .esc
        case "del": return .delete
        case "ins": return .insert
        case "pgup": return .pageup
        case "pgdn", "pgdown": return .pagedown
        default: return nil
        }
    }
}

extension Character {
    /// The upper case of a letter as one key, or the letter itself when its upper case
    /// is more than one character ("ß" gives "SS").
    var uppercasedKey: Character {
        let upper = uppercased()
        return upper.count == 1 ? Character(upper) : self
    }

    /// The lower case of a letter as one key, or the letter itself when its lower case
    /// is more than one character.
    var lowercasedKey: Character {
        let lower = lowercased()
        return lower.count == 1 ? Character(lower) : self
    }
}
