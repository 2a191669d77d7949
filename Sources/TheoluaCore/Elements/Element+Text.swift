extension Element {
    /// The host kind of a text: the one primitive the element model itself knows, since
    /// strings among children become texts.
    public static let textKind = "text"

    /// A text primitive showing `content`, with optional style props.
    public static func text(_ content: String, _ props: Record = Record(), key: Key? = nil) -> Element {
        .host(textKind, props: props.setting("text", to: .string(content)), key: key)
    }

    /// A text primitive showing `content` with style props given as pairs, built in one
    /// allocation.
    public static func text(_ content: String, style: KeyValuePairs<String, Value>, key: Key? = nil) -> Element {
        var entries: [Record.Entry] = []
        entries.reserveCapacity(style.count + 1)
        entries.append(Record.Entry(key: "text", value: .string(content)))
        for (name, value) in style {
            let entry = Record.Entry(key: name, value: value)
            if let existing = entries.firstIndex(where: { $0.key == name }) {
                entries[existing] = entry
            } else {
                entries.append(entry)
            }
        }
        return .host(textKind, props: Record(uniqueEntries: entries), key: key)
    }
}
