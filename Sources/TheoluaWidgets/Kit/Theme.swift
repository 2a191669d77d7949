import TheoluaCore

/// The colors the built-in widgets draw with, read from the `ui.theme` context: an app
/// restyles every widget in one place with `ui.theme.provide { value = { ... } }`.
///
/// A provided theme need not name every field: a missing one keeps the default's.
public enum Theme {
    /// The fields and their default values, as colors scripts name them.
    public static let defaultValue: Record = [
        "accent": "cyan",  // checked marks, the selected tab, progress bars
        "text": "default",  // labels
        "muted": "gray",  // hints, unselected tabs, empty parts of bars
        "border": "gray",  // widget borders
        "selected": "blue",  // the background of a selected item
        "good": "green",
        "warning": "yellow",
        "bad": "red",
    ]

    /// The context the built-in widgets read (`ui.theme` in scripts).
    public static let context = ContextKey(.record(defaultValue), name: "ui.theme")

    /// The theme `component` sees: the nearest provided one over the default.
    static func colors<D>(for component: ComponentRef<D>) -> Record {
        guard let provided = component.use(context).recordValue else { return defaultValue }
        var entries = provided.entries
        for entry in defaultValue.entries where provided[entry.key] == nil { entries.append(entry) }
        return Record(entries.map { ($0.key, $0.value) })
    }
}
