import TheoluaTerminal

extension KeyBinding {
    /// The action `bindings` bind to `key`: by its full name (`"ctrl+a"`), or, when
    /// `ignoringShift`, by its name without shift (so shift+left moves as left does,
    /// until a binding of its own says otherwise).
    public static func action(for key: KeyEvent, in bindings: [KeyBinding], ignoringShift: Bool = true) -> String? {
        if let action = action(for: key.fullName, in: bindings) { return action }
        guard ignoringShift, key.shift else { return nil }
        var unshifted = key
        unshifted.shift = false
        return action(for: unshifted.fullName, in: bindings)
    }
}
