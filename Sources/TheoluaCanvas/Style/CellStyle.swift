/// The text attributes a cell can carry, as SGR turns them on and off.
public struct TextAttributes: OptionSet, Sendable, Hashable {
    /// The bit set of the attributes.
    public let rawValue: UInt8

    /// Creates attributes from their bit set.
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// Bold, or increased intensity (SGR 1).
    public static let bold = TextAttributes(rawValue: 1 << 0)
    /// Dim, or decreased intensity (SGR 2).
    public static let dim = TextAttributes(rawValue: 1 << 1)
    /// Italic (SGR 3).
    public static let italic = TextAttributes(rawValue: 1 << 2)
    /// Underlined (SGR 4).
    public static let underline = TextAttributes(rawValue: 1 << 3)
    /// Foreground and background swapped (SGR 7).
    public static let inverse = TextAttributes(rawValue: 1 << 4)
    /// Struck through (SGR 9).
    public static let strike = TextAttributes(rawValue: 1 << 5)
}

/// How one cell looks: colors and attributes, and the hyperlink it belongs to.
public struct CellStyle: Sendable, Hashable {
    /// The foreground (text) color.
    public var foreground: Color
    /// The background color.
    public var background: Color
    /// Bold, dim, italic, underline, inverse and strike.
    public var attributes: TextAttributes
    /// The hyperlink (OSC 8) the cell belongs to, if any.
    public var link: Hyperlink

    /// The terminal's default look: default colors, no attributes, no link.
    public static let plain = CellStyle()

    /// Creates a style; every part defaults to the terminal's default.
    public init(
        foreground: Color = .default, background: Color = .default, attributes: TextAttributes = [],
        link: Hyperlink = .none
    ) {
        self.foreground = foreground
        self.background = background
        self.attributes = attributes
        self.link = link
    }
}
