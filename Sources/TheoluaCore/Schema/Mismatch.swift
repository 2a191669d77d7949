/// A value that does not fit its schema: where, what was expected, what was found.
///
/// Thrown by ``RecordSchema/validate(_:)`` and by the Lua bridge as it converts what
/// scripts pass; ``message(subject:)`` words it the way every props error reads.
public struct Mismatch: Error {
    /// Where the value is, from the one validated: `items[3].title`, or empty for the
    /// value itself.
    public var path: String
    /// What was expected, as ``SchemaType/description`` spells it.
    public var expected: String
    /// What was found: `number (12)`, `nil`.
    public var found: String
    /// Whether `path` names a field the schema does not declare.
    package var isUnknownField = false
    /// For an unknown field, the declared name it is likely a typo of.
    package var suggestion: String? = nil
    /// A whole message that replaces the usual form, for mistakes that are not props.
    package var customMessage: String? = nil
    /// Whether the whole conversion ends here, wherever it was (too many values): such a
    /// mismatch names no path, since where a traversal gets to first depends on order.
    package var endsConversion = false

    /// A mismatch at `path`: `expected` was wanted, `found` was there.
    package init(path: String, expected: String, found: String) {
        self.path = path
        self.expected = expected
        self.found = found
    }

    /// `prop 'items[3].title': expected string, got number (12)`, or
    /// `unknown prop 'lable' (did you mean 'label'?)`, for `subject` `prop`.
    public func message(subject: String) -> String {
        if let customMessage { return customMessage }
        if endsConversion { return "\(subject): \(expected)" }
        if isUnknownField {
            let hint = suggestion.map { " (did you mean '\($0)'?)" } ?? ""
            return "unknown \(subject) '\(path)'\(hint)"
        }
        // A path through many levels is shown by its start, where the value was given.
        let shown = path.count > 80 ? path.prefix(60) + "…" : Substring(path)
        let place = path.isEmpty ? subject : "\(subject) '\(shown)'"
        return "\(place): expected \(expected), got \(found)"
    }
}

extension Mismatch {
    /// A field `key` the schema does not declare.
    package static func unknownField(_ key: String, suggestion: String?) -> Mismatch {
        var mismatch = Mismatch(path: key, expected: "", found: "")
        mismatch.isUnknownField = true
        mismatch.suggestion = suggestion
        return mismatch
    }

    /// This mismatch as seen from the value that holds the one it is about, at `step`:
    /// paths are built as a mismatch unwinds, so a conversion that succeeds makes none.
    package func inside(_ step: PathComponent) -> Mismatch {
        guard !endsConversion else { return self }
        var outer = self
        let separator = path.isEmpty || path.hasPrefix("[") ? "" : "."
        switch step {
        case .field(let name): outer.path = name + separator + path
        case .index(let index): outer.path = "[\(index)]" + separator + path
        }
        return outer
    }
}

/// One step of the path to a nested value, kept only for error messages.
package enum PathComponent {
    case field(String)
    case index(Int)
}
