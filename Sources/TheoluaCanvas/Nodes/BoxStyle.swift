/// The largest values the layout works with. Whatever a style asks for is clamped to
/// them, so that no sum or product of sizes can overflow (a million children of a
/// million cells each stay far from `Int.max`) and no size is so large that working
/// through it would take long: the screen is what gets laid out and painted.
public enum CanvasLimits {
    /// The most cells a length, a gap, a padding or a margin can be.
    public static let maximumLength = 1_000_000
    /// The largest percentage a length can be.
    public static let maximumPercent = 10_000.0
    /// The largest grow or shrink factor.
    public static let maximumFactor = 1_000_000.0

    /// `length` clamped to 0…``maximumLength``.
    @inline(__always)
    static func length(_ length: Int) -> Int { min(max(0, length), maximumLength) }

    /// A grow or shrink factor: finite, 0…``maximumFactor`` (NaN and negative are 0).
    static func factor(_ factor: Double) -> Double {
        factor.isFinite ? min(max(0, factor), maximumFactor) : (factor == .infinity ? maximumFactor : 0)
    }
}

/// A length along one axis: a number of cells or a percentage of the parent's inner size.
public enum Dimension: Sendable, Hashable {
    /// An exact number of cells.
    case cells(Int)
    /// A percentage (50 means half) of the parent's inner width or height.
    case percent(Double)

    /// Parses a script's value: `"50%"` or a number of cells such as `"12"`; nil otherwise.
    public init?(parsing text: String) {
        if text.hasSuffix("%") {
            guard let value = Double(text.dropLast()), value.isFinite, value >= 0 else { return nil }
            self = .percent(value)
        } else {
            guard let value = Int(text), value >= 0 else { return nil }
            self = .cells(value)
        }
    }

    /// The length in cells, given the parent's inner size (nil when it is not known yet,
    /// in which case a percentage resolves to nil and the content size is used instead).
    public func resolve(against base: Int?) -> Int? {
        switch self {
        case .cells(let count): return CanvasLimits.length(count)
        case .percent(let value):
            guard let base else { return nil }
            let percent = value.isNaN ? 0 : min(max(0, value), CanvasLimits.maximumPercent)
            return CanvasLimits.length(Int((Double(CanvasLimits.length(base)) * percent / 100).rounded(.down)))
        }
    }
}

/// The axis a box lays its children along.
public enum Direction: Sendable, Hashable {
    /// Top to bottom (the default).
    case column
    /// Left to right.
    case row
}

/// Where children sit on the cross axis (`align` in scripts).
public enum Alignment: Sendable, Hashable {
    /// Top of a row, left of a column.
    case start
    /// Centered.
    case center
    /// Bottom of a row, right of a column.
    case end
    /// As large as the box's inner cross size (the default), unless a size is set.
    case stretch
}

/// How free space on the main axis is shared out (`justify` in scripts).
public enum Justification: Sendable, Hashable {
    /// Children packed at the start (the default).
    case start
    /// Children packed in the middle.
    case center
    /// Children packed at the end.
    case end
    /// Free space split evenly between children, none at the ends.
    case between
    /// Free space split evenly around each child, half a share at the ends.
    case around
}

/// The line set a border is drawn with.
public enum BorderKind: Sendable, Hashable, CaseIterable {
    /// `┌─┐│└┘`
    case single
    /// `╔═╗║╚╝`
    case double
    /// `╭─╮│╰╯`
    case round
    /// `┏━┓┃┗┛`
    case bold
    /// `+-|`
    case ascii

    /// The glyphs: top-left, horizontal, top-right, vertical, bottom-left, bottom-right.
    public var glyphs:
        (
            topLeft: Character, horizontal: Character, topRight: Character,
            vertical: Character, bottomLeft: Character, bottomRight: Character
        )
    {
        switch self {
        case .single: return ("┌", "─", "┐", "│", "└", "┘")
        case .double: return ("╔", "═", "╗", "║", "╚", "╝")
        case .round: return ("╭", "─", "╮", "│", "╰", "╯")
        case .bold: return ("┏", "━", "┓", "┃", "┗", "┛")
        case .ascii: return ("+", "-", "+", "|", "+", "+")
        }
    }

    /// Parses a script's border name: single, double, round, bold or ascii.
    public init?(parsing name: String) {
        switch name {
        case "single": self = .single
        case "double": self = .double
        case "round": self = .round
        case "bold": self = .bold
        case "ascii": self = .ascii
        default: return nil
        }
    }
}

/// Everything a box (or scroll) node is laid out and drawn with: `ui.box`'s props.
///
/// A plain value so a runtime can build it from validated props and assign it whole;
/// assigning an equal style to a node does nothing.
public struct BoxStyle: Sendable, Hashable {
    /// The main axis. Scroll nodes always lay out as a column.
    public var direction: Direction = .column
    /// The width, or nil for the content width (or the stretched width).
    public var width: Dimension?
    /// The height, or nil for the content height.
    public var height: Dimension?
    /// The smallest width grow, shrink or stretch may give.
    public var minWidth: Dimension?
    /// The largest width grow, content or stretch may give.
    public var maxWidth: Dimension?
    /// The smallest height.
    public var minHeight: Dimension?
    /// The largest height.
    public var maxHeight: Dimension?
    /// This box's share of its parent's free main-axis space; 0 takes none.
    public var grow: Double = 0
    /// This box's share (weighted by its size) of its parent's overflow; 0 never shrinks.
    public var shrink: Double = 1
    /// Space between the border and the children.
    public var padding: Edges = .zero
    /// Space around the box, inside its parent.
    public var margin: Edges = .zero
    /// Cells between adjacent children on the main axis.
    public var gap: Int = 0
    /// The border, or nil for none. A border takes one cell on each side.
    public var border: BorderKind?
    /// The border's (and title's) color.
    public var borderColor: Color = .default
    /// Text shown in the top border; needs a border.
    public var title: String?
    /// The background the box fills its area with; `.default` leaves it transparent.
    public var background: Color = .default
    /// Draws everything inside the box in inverse video (a focused box without a border).
    public var inverse = false
    /// Cross-axis placement of the children.
    public var align: Alignment = .stretch
    /// Main-axis distribution of free space.
    public var justify: Justification = .start

    /// Creates a style with every property at its `ui.box` default.
    public init() {}

    /// Creates a style with the most used properties; the rest keep their defaults.
    public init(
        direction: Direction = .column, width: Dimension? = nil, height: Dimension? = nil, grow: Double = 0,
        shrink: Double = 1, padding: Edges = .zero, margin: Edges = .zero, gap: Int = 0,
        border: BorderKind? = nil,
        title: String? = nil, align: Alignment = .stretch, justify: Justification = .start
    ) {
        self.direction = direction
        self.width = width
        self.height = height
        self.grow = grow
        self.shrink = shrink
        self.padding = padding
        self.margin = margin
        self.gap = gap
        self.border = border
        self.title = title
        self.align = align
        self.justify = justify
    }

    /// Border plus padding: what lies between the box's edge and its children.
    public var insets: Edges {
        border == nil ? padding.clampedToLimits : padding.clampedToLimits + Edges(1)
    }

    /// The gap, 0…``CanvasLimits/maximumLength``.
    var spacing: Int { CanvasLimits.length(gap) }
}
