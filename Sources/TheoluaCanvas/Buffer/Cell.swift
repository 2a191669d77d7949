/// One cell of a text canvas: a grapheme cluster and how it looks.
///
/// A wide grapheme (CJK, emoji) lives in two cells: the first holds it with
/// `width == 2`, the second is a continuation with `width == 0` and empty text.
/// Combining marks are part of their base's grapheme and take no cell of their own.
public struct Cell: Sendable, Hashable {
    /// The grapheme cluster shown, `" "` for a blank cell, `""` for a continuation.
    public var text: String
    /// Colors and attributes.
    public var style: CellStyle
    /// 1 for an ordinary cell, 2 for the first half of a wide grapheme, 0 for its second half.
    public var width: UInt8

    /// Creates a cell. Prefer `CellBuffer.put` and `write`, which keep wide graphemes whole.
    public init(text: String, style: CellStyle = .plain, width: UInt8 = 1) {
        self.text = text
        self.style = style
        self.width = width
    }

    /// A space with the default look: what an empty canvas is made of.
    public static let blank = Cell(text: " ")

    /// A space with the given look, as a background fill leaves it.
    public static func blank(_ style: CellStyle) -> Cell { Cell(text: " ", style: style) }

    /// Whether this is the second half of a wide grapheme.
    public var isContinuation: Bool { width == 0 }
}
