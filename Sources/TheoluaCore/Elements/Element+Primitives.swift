/// The host primitives of the product contract. Their props are data, interpreted by the
/// canvas layer; `row`, `column` and `spacer` are boxes with a preset prop.
public enum Primitive: String, Sendable, CaseIterable {
    /// A run of text; its content is the `text` prop.
    case text
    /// A flexbox container.
    case box
    /// A focusable, pressable label; its label is the `text` prop.
    case button
    /// A focusable one-line text field.
    case input
    /// A focusable column that scrolls.
    case scroll
    /// A focusable, controlled multi-line text editor.
    case textarea
}

extension Element {
    /// A text primitive showing `content`, with optional style props.
    public static func text(_ content: String, _ props: Record = Record(), key: Key? = nil) -> Element {
        .host(Primitive.text.rawValue, props: props.setting("text", to: .string(content)), key: key)
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
        return .host(Primitive.text.rawValue, props: Record(uniqueEntries: entries), key: key)
    }

    /// A box primitive laying out `children` with `props`.
    public static func box(_ props: Record = Record(), key: Key? = nil, children: [Element]) -> Element {
        .host(Primitive.box.rawValue, props: props, children: children, key: key)
    }

    /// A box laying out `children` in a row.
    public static func row(_ props: Record = Record(), key: Key? = nil, children: [Element]) -> Element {
        .box(props.setting("direction", to: "row"), key: key, children: children)
    }

    /// A box laying out `children` in a column.
    /// A layer (`ui.layer`): a box drawn above the rest of the screen, placed by `anchor`
    /// (`"center"` or `"parent"`) or `x`/`y`; with `modal = true`, focus stays inside it,
    /// what is below is dimmed and esc calls `onClose`.
    public static func layer(_ props: Record = Record(), key: Key? = nil, children: [Element]) -> Element {
        .host(Primitive.box.rawValue, props: props.setting("layer", to: true), children: children, key: key)
    }

    public static func column(_ props: Record = Record(), key: Key? = nil, children: [Element]) -> Element {
        .box(props.setting("direction", to: "column"), key: key, children: children)
    }

    /// An empty box that grows to take free space.
    public static func spacer(key: Key? = nil) -> Element {
        .box(["grow": 1], key: key, children: [])
    }

    /// A button labelled `label` that calls `onPress` when pressed.
    public static func button(_ label: String, onPress: Handler?, _ props: Record = Record(), key: Key? = nil)
        -> Element
    {
        var props = props.setting("text", to: .string(label))
        if let onPress { props = props.setting("onPress", to: .handler(onPress)) }
        return .host(Primitive.button.rawValue, props: props, key: key)
    }

    /// A scrolling column of `children`.
    public static func scroll(_ props: Record = Record(), key: Key? = nil, children: [Element]) -> Element {
        .host(Primitive.scroll.rawValue, props: props, children: children, key: key)
    }

    /// A controlled one-line text field.
    public static func input(_ props: Record, key: Key? = nil) -> Element {
        .host(Primitive.input.rawValue, props: props, key: key)
    }

    /// A controlled multi-line text editor (`ui.textarea`).
    public static func textarea(_ props: Record, key: Key? = nil) -> Element {
        .host(Primitive.textarea.rawValue, props: props, key: key)
    }
}
