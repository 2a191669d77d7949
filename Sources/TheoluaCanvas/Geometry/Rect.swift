/// A size in cells.
public struct Size: Sendable, Hashable {
    /// Columns.
    public var width: Int
    /// Rows.
    public var height: Int

    /// Creates a size; negative values are clamped to zero.
    public init(width: Int, height: Int) {
        self.width = max(0, width)
        self.height = max(0, height)
    }

    /// The empty size.
    public static let zero = Size(width: 0, height: 0)
}

/// A rectangle of cells: a top-left corner, a width and a height.
public struct Rect: Sendable, Hashable, CustomStringConvertible {
    /// Column of the left edge, 0-based.
    public var x: Int
    /// Row of the top edge, 0-based.
    public var y: Int
    /// Columns covered; never negative.
    public var width: Int
    /// Rows covered; never negative.
    public var height: Int

    /// Creates a rectangle; a negative width or height becomes zero.
    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = max(0, width)
        self.height = max(0, height)
    }

    /// Creates a rectangle at the origin with the given size.
    public init(size: Size) {
        self.init(x: 0, y: 0, width: size.width, height: size.height)
    }

    /// The empty rectangle at the origin.
    public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)

    /// One past the right-most column.
    public var maxX: Int { x + width }
    /// One past the bottom row.
    public var maxY: Int { y + height }
    /// The rectangle's size.
    public var size: Size { Size(width: width, height: height) }
    /// Whether the rectangle covers no cell.
    public var isEmpty: Bool { width <= 0 || height <= 0 }

    /// The cells both rectangles cover (empty if they do not overlap).
    public func intersection(_ other: Rect) -> Rect {
        let left = Swift.max(x, other.x)
        let top = Swift.max(y, other.y)
        let right = Swift.min(maxX, other.maxX)
        let bottom = Swift.min(maxY, other.maxY)
        if right <= left || bottom <= top { return Rect(x: left, y: top, width: 0, height: 0) }
        return Rect(x: left, y: top, width: right - left, height: bottom - top)
    }

    /// The smallest rectangle covering both; an empty side is ignored.
    public func union(_ other: Rect) -> Rect {
        if isEmpty { return other }
        if other.isEmpty { return self }
        let left = Swift.min(x, other.x)
        let top = Swift.min(y, other.y)
        return Rect(
            x: left, y: top, width: Swift.max(maxX, other.maxX) - left,
            height: Swift.max(maxY, other.maxY) - top)
    }

    /// Whether the rectangles share at least one cell.
    public func intersects(_ other: Rect) -> Bool { !intersection(other).isEmpty }

    /// Whether the cell at (column, row) lies inside.
    public func contains(x column: Int, y row: Int) -> Bool {
        column >= x && column < maxX && row >= y && row < maxY
    }

    /// Whether every cell of `other` lies inside.
    public func contains(_ other: Rect) -> Bool {
        other.isEmpty || (other.x >= x && other.y >= y && other.maxX <= maxX && other.maxY <= maxY)
    }

    /// The rectangle moved by (dx, dy).
    public func offsetBy(dx: Int, dy: Int) -> Rect {
        Rect(x: x + dx, y: y + dy, width: width, height: height)
    }

    /// The rectangle shrunk by the given edges (never below zero size).
    public func inset(by edges: Edges) -> Rect {
        Rect(
            x: x + edges.left, y: y + edges.top, width: width - edges.left - edges.right,
            height: height - edges.top - edges.bottom)
    }

    /// `x,y widthxheight`, for test failures.
    public var description: String { "\(x),\(y) \(width)x\(height)" }
}

/// Four cell counts, one per side: padding, margin or border thickness.
public struct Edges: Sendable, Hashable {
    /// Rows above.
    public var top: Int
    /// Columns to the right.
    public var right: Int
    /// Rows below.
    public var bottom: Int
    /// Columns to the left.
    public var left: Int

    /// Creates edges in CSS order: top, right, bottom, left.
    public init(top: Int, right: Int, bottom: Int, left: Int) {
        self.top = top
        self.right = right
        self.bottom = bottom
        self.left = left
    }

    /// The same count on every side, as a script's `padding = 1` means.
    public init(_ all: Int) { self.init(top: all, right: all, bottom: all, left: all) }

    /// Horizontal and vertical counts, as a script's `{ x, y }` means.
    public init(x: Int, y: Int) { self.init(top: y, right: x, bottom: y, left: x) }

    /// No space on any side.
    public static let zero = Edges(0)

    /// Left plus right.
    public var horizontal: Int { left + right }
    /// Top plus bottom.
    public var vertical: Int { top + bottom }

    /// The same edges with negative counts raised to zero.
    public var clampedToZero: Edges {
        Edges(top: max(0, top), right: max(0, right), bottom: max(0, bottom), left: max(0, left))
    }

    /// The same edges with each count clamped to 0…``CanvasLimits/maximumLength``.
    var clampedToLimits: Edges {
        Edges(
            top: CanvasLimits.length(top), right: CanvasLimits.length(right), bottom: CanvasLimits.length(bottom),
            left: CanvasLimits.length(left))
    }

    /// Side by side sum of two edges.
    public static func + (lhs: Edges, rhs: Edges) -> Edges {
        Edges(
            top: lhs.top + rhs.top, right: lhs.right + rhs.right, bottom: lhs.bottom + rhs.bottom,
            left: lhs.left + rhs.left)
    }
}
