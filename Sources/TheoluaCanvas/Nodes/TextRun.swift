/// A styled run of a text node (`ui.span` in scripts): its characters, and how its look
/// differs from the text's. The runs of a node are its whole text, in order; the
/// paragraph wraps as one, each character keeping its run's look.
public struct TextRun: Sendable, Hashable {
    /// The run's characters (newlines break lines, as in a text).
    public var text: String
    /// The text color, or nil for the text's.
    public var color: Color?
    /// The background, or nil for the text's.
    public var background: Color?
    /// Attributes the run turns on over the text's.
    public var adding: TextAttributes
    /// Attributes the run turns off (`bold = false` in a bold text).
    public var removing: TextAttributes
    /// The hyperlink of the run, or nil for the text's.
    public var link: Hyperlink?

    public init(
        _ text: String, color: Color? = nil, background: Color? = nil, adding: TextAttributes = [],
        removing: TextAttributes = [], link: Hyperlink? = nil
    ) {
        self.text = text
        self.color = color
        self.background = background
        self.adding = adding
        self.removing = removing
        self.link = link
    }

    /// The look of the run's cells in a text whose cells look like `base`.
    public func style(over base: CellStyle) -> CellStyle {
        var style = base
        if let color { style.foreground = color }
        if let background { style.background = background }
        style.attributes.subtract(removing)
        style.attributes.formUnion(adding)
        if let link { style.link = link }
        return style
    }
}
