import TheoluaCore

/// A key and what it does: keys as data. A widget declares the keys it answers once, in
/// its spec, and the same list both handles them and shows them in `ui.keyhints` (and
/// `ui.help`); an element's `keys = { ["ctrl+s"] = "save" }` declares bindings that only
/// describe what its `onKey` does.
public struct KeyBinding: Sendable, Equatable {
    /// The names of the keys that do it (`"space"`, `"ctrl+s"`), as key events name them.
    public var keys: [String]
    /// What the widget does: the action its handler performs; empty for a binding that
    /// only describes.
    public var action: String
    /// What it does, in a few words (`"toggle"`).
    public var label: String
    /// The keys as shown (`"↑↓"`), when not the first key's name.
    public var display: String?
    /// Whether `ui.keyhints` lists it; `ui.help` lists every binding.
    public var shown: Bool

    /// A binding of `keys` to `action`, described by `label`.
    public init(_ keys: [String], action: String = "", label: String, display: String? = nil, shown: Bool = true) {
        self.keys = keys
        self.action = action
        self.label = label
        self.display = display
        self.shown = shown
    }

    /// The keys as `ui.keyhints` shows them.
    public var shownKeys: String { display ?? keys.first ?? "" }

    /// The action bound to the key named `name` among `bindings`, if any.
    @inline(__always)
    public static func action(for name: String, in bindings: [KeyBinding]) -> String? {
        for binding in bindings where binding.keys.contains(name) { return binding.action }
        return nil
    }

    /// The action `bindings` bind to the key of a key event record (what `onKey`
    /// handlers receive: `{ name = "ctrl+s", ... }`), if any.
    public static func action(forEvent event: Value?, in bindings: [KeyBinding]) -> String? {
        guard let name = event?.recordValue?["name"]?.stringValue else { return nil }
        return action(for: name, in: bindings)
    }

    /// The `keys` prop that declares the shown ones of `bindings`, in order, for
    /// `ui.keyhints`: `{ { keys, label }, ... }`. Made when asked: a static value would
    /// hold array storage the leak checker cannot see into.
    public static func declaration(of bindings: [KeyBinding]) -> Value {
        .array(
            ValueArray(
                bindings.filter(\.shown).map { binding in
                    .array(ValueArray([.string(binding.shownKeys), .string(binding.label)]))
                }))
    }

    /// The bindings an element declares with `keys`: a map of key names to what they do
    /// (listed by key name), or an ordered array of `{ key, what }` pairs.
    public static func declared(by keys: Value?) -> [KeyBinding] {
        guard let keys else { return [] }
        if let record = keys.recordValue {
            return record.compactMap { name, value in value.stringValue.map { KeyBinding([name], label: $0) } }
                .sorted { $0.shownKeys < $1.shownKeys }
        }
        return keys.arrayValue?.values.compactMap { pair in
            let items = pair.arrayValue?.values ?? []
            guard items.count >= 2, let key = items[0].stringValue, let label = items[1].stringValue else {
                return nil
            }
            return KeyBinding([key], label: label)
        } ?? []
    }
}
