/// One node of the persistent layout tree: a box, a text or a scroll.
///
/// A runtime keeps one node per mounted primitive and mutates the tree in place
/// (insert, move, remove, new style or text), so each frame only the changed paths are
/// laid out again and only the changed areas are painted. Every mutation marks the node
/// and its ancestors dirty; assigning a value equal to the current one does nothing.
///
/// Nodes are not thread-safe: use a tree from one isolation domain (the runtime's).
public final class CanvasNode {
    /// What a node is, fixed when it is created.
    public enum Kind: Sendable, Hashable {
        /// A flex container laying its children out as a row or a column.
        case box
        /// A leaf showing text; it has no children.
        case text
        /// A column that shows a window onto its children and lays out only what is visible.
        case scroll
    }

    /// The kind of node.
    public let kind: Kind

    /// The parent, or nil for a root or a detached node.
    public internal(set) weak var parent: CanvasNode?

    /// The children, in order. Always empty for a text node.
    public internal(set) var children: [CanvasNode] = []

    /// The box properties (box and scroll nodes; a scroll is always a column).
    public var boxStyle: BoxStyle {
        didSet { if boxStyle != oldValue { invalidate() } }
    }

    /// The text shown by a text node; newlines break lines. Ignored by other kinds.
    public var text: String {
        didSet {
            if text != oldValue {
                textCache = nil
                invalidate()
            }
        }
    }

    /// How a text node looks and breaks. Ignored by other kinds.
    public var textStyle: TextStyle {
        didSet { if textStyle != oldValue { invalidate() } }
    }

    /// An optional name shown in debug descriptions; no effect on layout.
    public var debugName: String?

    // MARK: Layout state (see Layout/)

    /// The border box from the last layout, relative to the parent's border box.
    public internal(set) var frame: Rect = .zero
    /// Whether this node has been laid out since it was created.
    var hasLayout = false
    /// Whether this node's layout inputs (or a descendant's) changed since the last layout.
    var needsLayout = true
    /// Whether this node's own drawing changed since the last paint.
    var needsPaint = true
    /// The size this node's children were last arranged for.
    var arrangedSize: Size?
    /// Recent content measurements, cleared on invalidation.
    var measureCache = MeasureCache()
    /// Areas, in this node's coordinates, that removed children used to cover.
    var pendingDamage: [Rect] = []
    /// Where this node probably sits in its parent's `children`.
    var indexHint = 0
    /// Text split into lines of glyphs, and the last wrapping (text nodes).
    var textCache: TextLayout?
    /// Scroll position and pending scroll commands (scroll nodes).
    var scrollState = ScrollState()

    /// Creates a box node.
    public init(box style: BoxStyle = BoxStyle()) {
        kind = .box
        boxStyle = style
        text = ""
        textStyle = TextStyle()
    }

    /// Creates a text node.
    public init(text: String, style: TextStyle = TextStyle()) {
        kind = .text
        boxStyle = BoxStyle()
        self.text = text
        textStyle = style
    }

    /// Creates a scroll node; with `follow`, the end stays in view as children are added.
    public init(scroll style: BoxStyle = BoxStyle(), follow: Bool = false) {
        kind = .scroll
        var column = style
        column.direction = .column
        boxStyle = column
        text = ""
        textStyle = TextStyle()
        scrollState.follow = follow
        scrollState.pinnedToEnd = follow
    }

    /// Marks this node and its ancestors as needing layout, and this node as needing paint.
    ///
    /// Mutations call this; a runtime only needs it after changing something the canvas
    /// cannot see.
    public func invalidate() {
        needsPaint = true
        markNeedsLayout()
    }

    /// Marks the path to the root dirty, stopping at the first node already dirty
    /// (its ancestors are dirty too), and drops the cached measurements on the way.
    ///
    /// A scroll leaves the children it does not show dirty, so the walk never stops at a
    /// scroll's child: the scroll itself must learn that something inside it changed.
    func markNeedsLayout() {
        var node: CanvasNode? = self
        while let current = node {
            current.measureCache.removeAll()
            if current.needsLayout && current !== self && current.parent?.kind != .scroll { return }
            current.needsLayout = true
            node = current.parent
        }
    }

    /// The border box from the last layout in canvas coordinates.
    ///
    /// Children of a scroll that are out of view keep the frame they last had.
    public var absoluteFrame: Rect {
        var rect = frame
        var node = parent
        while let current = node {
            rect = rect.offsetBy(dx: current.frame.x, dy: current.frame.y)
            node = current.parent
        }
        return rect
    }

    /// The style a parent uses when this node is one of its flex items.
    var itemStyle: BoxStyle {
        kind == .text ? CanvasNode.textItemStyle : boxStyle
    }

    private static let textItemStyle = BoxStyle()
}

extension CanvasNode: CustomStringConvertible {
    /// The kind, the debug name, the text of a text node and the last frame.
    public var description: String {
        let name = debugName.map { "#\($0)" } ?? ""
        switch kind {
        case .text: return "text\(name)(\(text.debugDescription)) \(frame)"
        case .box: return "box\(name) \(frame)"
        case .scroll: return "scroll\(name) \(frame)"
        }
    }
}
