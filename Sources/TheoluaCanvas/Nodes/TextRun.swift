/// A styled run of a text node (`ui.span` in scripts): its characters, and how its look
/// differs from the text's. The runs of a node are its whole text, in order; the
/// paragraph wraps as one, each character keeping its run's look.
public struct TextRun: Sendable, Hashable {
    /// The run's characters (newlines break lines, as in a text).
    public var text: String
    /// How the run's look differs from the text's.
    public var look: RunLook

    public init(
        _ text: String, color: Color? = nil, background: Color? = nil, adding: TextAttributes = [],
        removing: TextAttributes = [], link: Hyperlink? = nil
    ) {
        self.init(
            text, look: RunLook(color: color, background: background, adding: adding, removing: removing, link: link))
    }

    /// A run of `text` with the look `look`.
    public init(_ text: String, look: RunLook) {
        self.text = text
        self.look = look
    }

    /// The text color, or nil for the text's.
    public var color: Color? {
        get { look.color }
        set { look.color = newValue }
    }
    /// The background, or nil for the text's.
    public var background: Color? {
        get { look.background }
        set { look.background = newValue }
    }
    /// Attributes the run turns on over the text's.
    public var adding: TextAttributes {
        get { look.adding }
        set { look.adding = newValue }
    }
    /// Attributes the run turns off (`bold = false` in a bold text).
    public var removing: TextAttributes {
        get { look.removing }
        set { look.removing = newValue }
    }
    /// The hyperlink of the run, or nil for the text's.
    public var link: Hyperlink? {
        get { look.link }
        set { look.link = newValue }
    }

    /// The look of the run's cells in a text whose cells look like `base`.
    public func style(over base: CellStyle) -> CellStyle {
        look.style(over: base)
    }
}

/// The look of a run, without its text: what a run sets over its text's look.
public struct RunLook: Sendable, Hashable {
    /// The text color, or nil for the text's.
    public var color: Color?
    /// The background, or nil for the text's.
    public var background: Color?
    /// Attributes the run turns on over the text's.
    public var adding: TextAttributes
    /// Attributes the run turns off.
    public var removing: TextAttributes
    /// The hyperlink of the run, or nil for the text's.
    public var link: Hyperlink?

    public init(
        color: Color? = nil, background: Color? = nil, adding: TextAttributes = [], removing: TextAttributes = [],
        link: Hyperlink? = nil
    ) {
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

/// A text's styled runs cut from the text itself: where each run ends, as a UTF-8
/// offset into the node's `text`, and each run's look. The form a paragraph of
/// `ui.span` items has: its runs hold no strings of their own.
public struct RunMarks: Sendable, Equatable {
    /// Where each run ends, a UTF-8 offset into the text; increasing. Text past the
    /// last end has the text's own look.
    public var ends: [Int]
    /// Each run's look.
    public var looks: [RunLook]

    public init(ends: [Int] = [], looks: [RunLook] = []) {
        self.ends = ends
        self.looks = looks
    }

    public var isEmpty: Bool { ends.isEmpty }
}
