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
public enum Dimension: Sendable, Hashable, ExpressibleByIntegerLiteral {
    /// An exact number of cells.
    case cells(Int)
    /// A percentage (50 means half) of the parent's inner width or height.
    case percent(Double)

    /// A number of cells, as a literal: `width: 10`.
    public init(integerLiteral cells: Int) { self = .cells(cells) }

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

/// The axis a box lays its children along, and which end they start from.
public enum Direction: String, Sendable, Hashable {
    /// Top to bottom (the default).
    case column
    /// Left to right.
    case row
    /// Bottom to top: the first child at the bottom.
    case columnReverse
    /// Right to left: the first child at the right.
    case rowReverse

    /// Whether the main axis is horizontal.
    public var isRow: Bool { self == .row || self == .rowReverse }
    /// Whether children start from the far end of the main axis.
    public var isReverse: Bool { self == .rowReverse || self == .columnReverse }

}

/// Where children sit on the cross axis (`align` and `alignSelf` in scripts).
public enum Alignment: String, Sendable, Hashable {
    /// Top of a row, left of a column.
    case start
    /// Centered.
    case center
    /// Bottom of a row, right of a column.
    case end
    /// As large as the line's cross size (the default), unless a size is set.
    case stretch
}

/// How free space on the main axis is shared out (`justify` in scripts).
///
/// When the children overflow the box, `center` and `end` let them start before the
/// box (as Yoga and CSS do), so the start is cut off; the safe variants keep the start
/// in view and let the end overflow instead. `between`, `around` and `evenly` pack the
/// children at the start when there is no free space.
public enum Justification: String, Sendable, Hashable {
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
    /// Free space split into equal shares before, between and after the children.
    case evenly
    /// `center`, but children that overflow start at the box's start.
    case safeCenter = "safe center"
    /// `end`, but children that overflow start at the box's start.
    case safeEnd = "safe end"
}

/// Whether a box's children break into several lines when they do not fit (`wrap`).
public enum FlexWrap: Sendable, Hashable {
    /// One line, however long (the default).
    case none
    /// New lines below (or right of) the first.
    case wrap
    /// New lines above (or left of) the first.
    case reverse
}

/// How the lines of a wrapping box share its cross axis (`alignContent` in scripts).
public enum ContentAlignment: String, Sendable, Hashable {
    /// Lines packed at the start (the default, as in Yoga).
    case start
    /// Lines packed in the middle.
    case center
    /// Lines packed at the end.
    case end
    /// Free space shared out among the lines, which grow by it.
    case stretch
    /// Free space split evenly between lines.
    case between
    /// Free space split evenly around each line.
    case around
    /// Free space split into equal shares before, between and after the lines.
    case evenly
}

/// Whether a box takes part in its parent's flex layout (`position` in scripts).
public enum Positioning: Sendable, Hashable {
    /// Laid out with its siblings, then moved by `top`/`left` (or `bottom`/`right`) if set.
    case relative
    /// Out of the flow: placed by `top`, `right`, `bottom` and `left` against the
    /// parent's padding box, or where it would start as the only child.
    case absolute
}

/// Cells a box draws across its content area, under its children: what a widget shows
/// that is neither text nor boxes (a progress bar, a sparkline). The canvas asks for
/// them when it paints the box, clipped to what is in view; a drawing equal to the one
/// before costs no repaint.
public protocol BoxDrawing: Sendable, Hashable {
    /// Draws into `area` (the box's content area, in screen cells) within `clip`.
    func draw(in area: Rect, clip: Rect, into buffer: inout CellBuffer)
}

/// A ``BoxDrawing`` of any type, as a box style holds it.
public struct AnyBoxDrawing: Sendable, Hashable {
    /// The drawing.
    public let base: any BoxDrawing

    public init(_ base: some BoxDrawing) {
        self.base = base
    }

    public static func == (lhs: AnyBoxDrawing, rhs: AnyBoxDrawing) -> Bool {
        lhs.base.isEqual(to: rhs.base)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(type(of: base)))
        base.hash(into: &hasher)
    }
}

extension BoxDrawing {
    /// Whether `other` is a drawing of the same type, equal to this one.
    fileprivate func isEqual(to other: any BoxDrawing) -> Bool {
        (other as? Self) == self
    }
}

/// Where a layer goes on the screen (`ui.layer`'s `anchor`, `x` and `y`).
public enum LayerPlacement: Sendable, Hashable {
    /// Centred on the screen.
    case center
    /// Below the box the layer is declared in, or above it when there is no room below;
    /// at least as wide as that box.
    case parent
    /// At a column and row of the screen (cells, or a percentage of its width or
    /// height); an unset one centres the layer on that axis.
    case point(x: Dimension?, y: Dimension?)
}

/// What makes a box a layer: drawn above the rest of the screen, laid out against the
/// whole screen instead of its parent, and taking no room in its parent.
public struct LayerStyle: Sendable, Hashable {
    /// Where it goes.
    public var placement: LayerPlacement
    /// Whether everything drawn before it is dimmed (a modal dialog).
    public var dimsBelow: Bool

    /// A layer at `placement`, dimming what is below it when `dimsBelow`.
    public init(placement: LayerPlacement = .center, dimsBelow: Bool = false) {
        self.placement = placement
        self.dimsBelow = dimsBelow
    }
}

/// One side of a padding or margin: cells, a percentage of the containing box's inner
/// width (as CSS does for every side), or `auto` (margins only), which takes free space.
public enum EdgeLength: Sendable, Hashable, ExpressibleByIntegerLiteral {
    /// A number of cells.
    case cells(Int)
    /// A percentage of the parent's inner width.
    case percent(Double)
    /// As much free space as there is, shared with the other auto margins of the line.
    case auto

    /// A number of cells, as a literal.
    public init(integerLiteral cells: Int) { self = .cells(cells) }

    /// Parses a script's value: `"auto"`, `"10%"` or a number of cells such as `"2"`.
    public init?(parsing text: String) {
        if text == "auto" {
            self = .auto
            return
        }
        switch Dimension(parsing: text) {
        case .cells(let count): self = .cells(count)
        case .percent(let value): self = .percent(value)
        case nil: return nil
        }
    }

    /// The length in cells given the parent's inner width; `auto` counts as 0 here.
    func resolve(against base: Int?) -> Int {
        switch self {
        case .cells(let count): return CanvasLimits.length(count)
        case .percent(let value): return Dimension.percent(value).resolve(against: base) ?? 0
        case .auto: return 0
        }
    }
}

/// The four sides of a padding or margin, each in cells, percent or `auto`.
public struct BoxEdges: Sendable, Hashable {
    /// Above.
    public var top: EdgeLength
    /// To the right.
    public var right: EdgeLength
    /// Below.
    public var bottom: EdgeLength
    /// To the left.
    public var left: EdgeLength

    /// Creates edges in CSS order: top, right, bottom, left.
    public init(top: EdgeLength, right: EdgeLength, bottom: EdgeLength, left: EdgeLength) {
        self.top = top
        self.right = right
        self.bottom = bottom
        self.left = left
    }

    /// The same length on every side.
    public init(_ all: EdgeLength) { self.init(top: all, right: all, bottom: all, left: all) }

    /// Horizontal and vertical lengths, as a script's `{ x, y }` means.
    public init(x: EdgeLength, y: EdgeLength) { self.init(top: y, right: x, bottom: y, left: x) }

    /// Edges of whole cells.
    public init(_ edges: Edges) {
        self.init(
            top: .cells(edges.top), right: .cells(edges.right), bottom: .cells(edges.bottom), left: .cells(edges.left))
    }

    /// No space on any side.
    public static let zero = BoxEdges(0)

    /// The cells of each side when every side is a number of cells (the usual case,
    /// which layout reads without resolving anything); nil otherwise.
    var fixed: Edges? {
        guard case .cells(let top) = top, case .cells(let right) = right, case .cells(let bottom) = bottom,
            case .cells(let left) = left
        else { return nil }
        return Edges(top: top, right: right, bottom: bottom, left: left).clampedToLimits
    }

    /// Each side in cells given the parent's inner width (`auto` is 0).
    func resolve(against base: Int?) -> Edges {
        Edges(
            top: top.resolve(against: base), right: right.resolve(against: base),
            bottom: bottom.resolve(against: base), left: left.resolve(against: base))
    }

    /// Which sides are `auto`.
    var autoSides: AutoSides {
        var sides: AutoSides = []
        if top == .auto { sides.insert(.top) }
        if right == .auto { sides.insert(.right) }
        if bottom == .auto { sides.insert(.bottom) }
        if left == .auto { sides.insert(.left) }
        return sides
    }
}

/// A set of sides, for the margins that are `auto`.
struct AutoSides: OptionSet, Sendable, Hashable {
    let rawValue: UInt8
    static let top = AutoSides(rawValue: 1)
    static let right = AutoSides(rawValue: 2)
    static let bottom = AutoSides(rawValue: 4)
    static let left = AutoSides(rawValue: 8)
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
    /// The main axis and its start. Scroll nodes always lay out as a column.
    public var direction: Direction = .column
    /// Whether children break into lines when they do not fit on the main axis.
    public var wrap: FlexWrap = .none
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
    /// The main-axis size before growing and shrinking, instead of `width`/`height` or
    /// the content's size; a percentage is of the parent's inner main size.
    public var basis: Dimension?
    /// This box's share of its parent's free main-axis space; 0 takes none.
    public var grow: Double = 0
    /// This box's share (weighted by its size) of its parent's overflow; 0 never shrinks.
    public var shrink: Double = 1
    /// Space between the border and the children.
    public var padding: BoxEdges = .zero
    /// Space around the box, inside its parent; `auto` sides take free space.
    public var margin: BoxEdges = .zero
    /// Cells between adjacent children on the main axis, and between lines.
    public var gap: Dimension = .cells(0)
    /// Cells between rows of children (between a column's children, between a wrapped
    /// row's lines), instead of `gap`.
    public var rowGap: Dimension?
    /// Cells between columns of children (between a row's children, between a wrapped
    /// column's lines), instead of `gap`.
    public var columnGap: Dimension?
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
    /// This box's own cross-axis placement in its parent, instead of the parent's `align`.
    public var alignSelf: Alignment?
    /// How the lines of a wrapping box share its cross axis.
    public var alignContent: ContentAlignment = .start
    /// Main-axis distribution of free space.
    public var justify: Justification = .start
    /// In the flow of its siblings, or placed against the parent's padding box.
    public var position: Positioning = .relative
    /// Offsets from the parent's padding box (absolute), or from where the flow put the
    /// box (relative); cells or a percentage of the parent's inner width or height.
    public var top: Dimension?
    /// See ``top``.
    public var right: Dimension?
    /// See ``top``.
    public var bottom: Dimension?
    /// See ``top``.
    public var left: Dimension?
    /// Laid out as nothing and drawn nowhere when true (`display = "none"`); the node
    /// and its subtree stay, so whatever state they stand for is kept.
    public var hidden = false
    /// Makes the box a layer (see ``LayerStyle``), or nil for an ordinary box.
    public var layer: LayerStyle?
    /// What the box draws across its content area, under its children.
    public var drawing: AnyBoxDrawing?
    /// A scroll draws a scrollbar in a column of its own at its right, inside its border
    /// (`scrollbar = true`): the track in its border color, dim, and the thumb over it.
    public var scrollbar = false
    /// A scroll lays its children out at their own width, which may be wider than the
    /// window, and moves them sideways as well as up and down (`scrollX = true`).
    public var scrollsHorizontally = false

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
        self.padding = BoxEdges(padding)
        self.margin = BoxEdges(margin)
        self.gap = .cells(gap)
        self.border = border
        self.title = title
        self.align = align
        self.justify = justify
    }

    /// Border plus padding, given the parent's inner width (for percentages): what lies
    /// between the box's edge and its children.
    public func insets(base: Int?) -> Edges {
        let padding = padding.fixed ?? padding.resolve(against: base)
        var insets = border == nil ? padding : padding + Edges(1)
        if scrollbar { insets.right += 1 }
        return insets
    }

    /// The gap between children along the horizontal axis (a row's items, a wrapped
    /// column's lines), given the inner width.
    func horizontalGap(innerWidth: Int?) -> Int {
        (columnGap ?? gap).resolve(against: innerWidth) ?? 0
    }

    /// The gap between children along the vertical axis, given the inner height.
    func verticalGap(innerHeight: Int?) -> Int {
        (rowGap ?? gap).resolve(against: innerHeight) ?? 0
    }
}
