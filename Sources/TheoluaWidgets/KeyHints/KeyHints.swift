import TheoluaCore

/// `ui.keyhints {}`: a footer listing the key bindings in reach, those declared with
/// `keys = { ["ctrl+s"] = "save" }` by the focused element and its ancestors, updated as
/// focus moves. Keys are drawn bold in the theme's `accent`, what they do in `muted`.
struct KeyHints: Component {
    /// The box props passed on (`width`, `grow`, `shrink`, `id`).
    var box: Record

    static let name = "keyhints"

    /// The element for validated script props.
    static func element(props: Record, key: Key?) -> Element {
        KeyHints(box: props).element(key: key)
    }

    func render(_ context: ComponentContext<KeyHints>) -> [Element] {
        let theme = Theme.colors(for: context)
        let props = box.setting("keyColor", to: theme["accent"] ?? .null).setting("color", to: theme["muted"] ?? .null)
        return [.host("keyhints", props: props)]
    }
}

extension KeyHints {
    /// `ui.keyhints`.
    static let spec = WidgetSpec(
        name: "keyhints", summary: "A footer listing the key bindings of the focused element and its ancestors.",
        props: Fields.schema([Fields.width, Fields.optional("id", .string)] + Fields.flex),
        make: .element { props, key in KeyHints.element(props: props, key: key) })
}
