/// How text breaks when it is wider than its box (`wrap` in scripts).
public enum TextWrap: Sendable, Hashable {
    /// Break at spaces; a word longer than a line breaks between characters (the default).
    case word
    /// Break between any two characters.
    case char
    /// Never break; what does not fit is clipped.
    case none
    /// Never break; a line that does not fit ends with `…`.
    case ellipsis
}

/// Where each line of text sits in its box (`align` on `ui.text`).
public enum TextAlignment: Sendable, Hashable {
    /// Flush left (the default).
    case left
    /// Centered; an odd leftover cell goes to the right.
    case center
    /// Flush right.
    case right
}

/// How a text node looks and breaks: `ui.text`'s props other than its content.
public struct TextStyle: Sendable, Hashable {
    /// The text color.
    public var color: Color = .default
    /// The background behind the characters; `.default` shows the box's background.
    public var background: Color = .default
    /// Bold, dim, italic, underline, inverse and strike.
    public var attributes: TextAttributes = []
    /// How lines break.
    public var wrap: TextWrap = .word
    /// Where lines sit.
    public var align: TextAlignment = .left
    /// The hyperlink (OSC 8) the whole text is, if any (`link` on `ui.text`).
    public var link: Hyperlink = .none

    /// Creates a style; every property defaults as `ui.text`'s does.
    public init(
        color: Color = .default, background: Color = .default, attributes: TextAttributes = [],
        wrap: TextWrap = .word, align: TextAlignment = .left
    ) {
        self.color = color
        self.background = background
        self.attributes = attributes
        self.wrap = wrap
        self.align = align
    }

    /// The cell style the characters are drawn with.
    public var cellStyle: CellStyle {
        CellStyle(foreground: color, background: background, attributes: attributes, link: link)
    }
}
