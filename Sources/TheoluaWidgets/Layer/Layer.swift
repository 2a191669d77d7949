import TheoluaCore

/// `ui.layer`: a box drawn above the rest of the screen, placed by `anchor` (`"center"`,
/// or `"parent"`: next to the box it is declared in) or `x`/`y`; with `modal = true`,
/// focus stays inside it, what is below is dimmed and esc calls `onClose`. The host
/// draws it as a box with the `layer` prop; the canvas places and stacks it.
enum Layer {
    /// `ui.layer`.
    static let spec = WidgetSpec(
        name: "layer", summary: "A box drawn above the rest of the screen, modal or not.",
        props: RecordSchema(
            fields: [Fields.optional("direction", Fields.direction)] + Fields.boxLayout + [
                Fields.optional("anchor", .enumeration(["center", "parent"])), Fields.optional("x", .dimension),
                Fields.optional("y", .dimension), Fields.optional("modal", .boolean), Fields.optional("dim", .boolean),
                Fields.optional("onClose", .function),
            ]),
        content: .children, presets: ["layer": true],
        docs: [
            "anchor": "Centred (default), or below (or above) the box it is declared in.",
            "x": "A screen column; with y, instead of anchor.", "y": "A screen row.",
            "modal": "Focus and keys stay inside; what is below is dimmed; esc calls onClose.",
            "dim": "false keeps what is below a modal layer undimmed.",
            "onClose": "Called when esc reaches a modal layer unused.",
        ],
        make: .primitive(BoxWidget.primitive))
}

extension Element {
    /// A layer (`ui.layer`): a box drawn above the rest of the screen, placed by `anchor`
    /// (`"center"` or `"parent"`) or `x`/`y`; with `modal = true`, focus stays inside it,
    /// what is below is dimmed and esc calls `onClose`.
    public static func layer(_ props: Record = Record(), key: Key? = nil, children: [Element]) -> Element {
        .box(props.setting("layer", to: true), key: key, children: children)
    }
}
