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
    ///
    /// Unowned rather than weak: a weak reference would move every node's reference
    /// count to a side table and slow down each retain during layout. A parent clears
    /// its children's back references when it is deallocated, so this never dangles.
    @exclusivity(unchecked) public internal(set) unowned(safe) var parent: CanvasNode?

    /// The children, in order. Always empty for a text node.
    @exclusivity(unchecked) public internal(set) var children: [CanvasNode] = []

    /// The box properties (box and scroll nodes; a scroll is always a column). A text
    /// node uses only its sizes, `grow`, `shrink` and `margin`, as a flex item.
    ///
    /// Nodes with equal styles share one copy (see ``SharedBoxStyle``): a list of ten
    /// thousand rows holds a handful of styles, not ten thousand.
    public var boxStyle: BoxStyle {
        get { shared.style }
        set {
            var style = newValue
            if kind == .scroll { style.direction = .column }
            guard style != shared.style else { return }
            shared = SharedBoxStyle.interned(style)
            invalidate()
        }
    }

    /// The style and the flex-item values layout reads, shared with equal nodes.
    @exclusivity(unchecked) private var shared: SharedBoxStyle

    /// The text shown by a text node; newlines break lines. Ignored by other kinds.
    @exclusivity(unchecked) public var text: String {
        didSet {
            if text != oldValue {
                textCache = nil
                invalidate()
            }
        }
    }

    /// A text node's styled runs (`ui.span`), empty for a text of one look: when there
    /// are runs, they are what is shown, and `text` is only their characters joined
    /// (what tests and the inspector read).
    public var runs: [TextRun] {
        get { extras?.runs ?? [] }
        set {
            guard newValue != runs else { return }
            withExtras { $0.runs = newValue }
            textCache = nil
            invalidate()
        }
    }

    /// A text node's styled runs cut from `text` (`ui.span` items): what is shown when
    /// there are no `runs`.
    public var marks: RunMarks {
        get { extras?.marks ?? RunMarks() }
        set {
            guard newValue != marks else { return }
            withExtras { $0.marks = newValue }
            textCache = nil
            invalidate()
        }
    }

    /// How a text node looks and breaks. Ignored by other kinds.
    @exclusivity(unchecked) public var textStyle: TextStyle {
        didSet { if textStyle != oldValue { invalidate() } }
    }

    /// Sets a text node's content from raw bytes, showing invalid UTF-8 as U+FFFD.
    public func setText(utf8 bytes: some Collection<UInt8>) {
        text = String(decoding: bytes, as: UTF8.self)
    }

    /// An optional name shown in debug descriptions; no effect on layout.
    public var debugName: String? {
        get { extras?.debugName }
        set { withExtras { $0.debugName = newValue } }
    }

    // MARK: Layout state (see Layout/)
    //
    // Layout reads these for every child of every dirty node. A tree is used from one
    // isolation domain and never hands out overlapping accesses, so the dynamic
    // exclusivity checks (a third of the layout time) are turned off for them.

    /// The border box from the last layout, relative to the parent's border box.
    @exclusivity(unchecked) public internal(set) var frame: Rect = .zero
    /// Whether this node has been laid out since it was created.
    @exclusivity(unchecked) var hasLayout = false
    /// Whether this node's layout inputs (or a descendant's) changed since the last layout.
    @exclusivity(unchecked) var needsLayout = true
    /// Whether this node's own drawing changed since the last paint.
    @exclusivity(unchecked) var needsPaint = true
    /// The size this node's children were last arranged for.
    @exclusivity(unchecked) var arrangedSize: Size?
    /// Recent content measurements, cleared on invalidation.
    @exclusivity(unchecked) var measureCache = MeasureCache()
    /// Areas, in this node's coordinates, that removed children used to cover.
    @exclusivity(unchecked) var pendingDamage: [Rect] = []
    /// Where this node probably sits in its parent's `children`.
    @exclusivity(unchecked) var indexHint = 0
    /// Whether the children's frames, as last laid out, follow one another along the main
    /// axis without overlapping, so the ones in a clip can be found by binary search.
    @exclusivity(unchecked) var childrenInOrder = true
    /// Text split into lines of glyphs, and the last wrapping (text nodes).
    @exclusivity(unchecked) var textCache: TextLayout?
    /// What few nodes have (a scroll's state, a debug name), kept apart so that the
    /// others do not pay for it.
    @exclusivity(unchecked) private var extras: Extras?

    /// Scroll position and pending scroll commands (scroll nodes).
    var scrollState: ScrollState {
        get { extras?.scrollState ?? ScrollState() }
        _modify {
            let extras = withExtras { _ in }
            yield &extras.scrollState
        }
    }

    /// The parent's inner width at the last layout, which a percentage padding is of
    /// (kept only for nodes whose padding has one).
    var containingWidth: Int? { extras?.containingWidth }

    /// Records the width a percentage padding is of; when it changed, the node's
    /// measurements and arrangement are stale.
    func noteContainingWidth(_ width: Int?) {
        guard item.hasRelativePadding, containingWidth != width else { return }
        withExtras { $0.containingWidth = width }
        measureCache.removeAll()
        needsLayout = true
    }

    /// Border, padding and scrollbar in cells (none for a text).
    public var insets: Edges {
        let item = item
        return item.hasRelativePadding ? boxStyle.insets(base: containingWidth) : item.fixedInsets
    }

    /// The node's extras, made if it has none yet, after `change`.
    @discardableResult
    private func withExtras(_ change: (Extras) -> Void) -> Extras {
        let made = extras ?? Extras()
        extras = made
        change(made)
        return made
    }

    /// Creates a box node.
    public init(box style: BoxStyle = BoxStyle()) {
        kind = .box
        shared = SharedBoxStyle.interned(style)
        text = ""
        textStyle = TextStyle()
    }

    /// Creates a text node.
    public init(text: String, style: TextStyle = TextStyle()) {
        kind = .text
        shared = .default
        self.text = text
        textStyle = style
    }

    /// Creates a node of `kind` whose content is not made yet: the canvas asks its
    /// ``Canvas/deferredContent`` for it (passing this node, whose ``deferredOwner`` is
    /// `owner`) the first time layout needs it. A scroll's children out of view are never
    /// needed, so a long list makes only the nodes of the rows it shows. Supported as a
    /// child of a scroll.
    public init(deferred kind: Kind, owner: AnyObject) {
        self.kind = kind
        shared = .default
        text = ""
        textStyle = TextStyle()
        deferredOwner = owner
    }

    /// What a deferred node's content comes from, until the content is made; not retained
    /// (the owner keeps the node, and removes it from the tree before it goes).
    @exclusivity(unchecked) public private(set) unowned(unsafe) var deferredOwner: AnyObject?

    /// Whether this node still waits for its content.
    public var isDeferred: Bool { deferredOwner != nil }

    /// Marks a deferred node's content as made: layout no longer asks for it.
    public func endDeferral() {
        deferredOwner = nil
    }

    /// Creates a scroll node; with `follow`, the end stays in view as children are added.
    public init(scroll style: BoxStyle = BoxStyle(), follow: Bool = false) {
        kind = .scroll
        var column = style
        column.direction = .column
        shared = SharedBoxStyle.interned(column)
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
    ///
    /// A layer above the node ends the walk too: what is inside a layer changes nothing
    /// of its parent's layout, and the canvas looks at its layers every frame, so typing
    /// in a dialog over a long list does not arrange the list again.
    func markNeedsLayout() {
        var node: CanvasNode? = self
        while let current = node {
            current.measureCache.removeAll()
            if current.needsLayout && current !== self && current.parent?.kind != .scroll { return }
            current.needsLayout = true
            if current.item.isLayer && current !== self { return }
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

    /// What a parent needs of this node as one of its flex items, kept apart from
    /// `boxStyle` as plain values so layout does not copy whole styles.
    var item: FlexItem { shared.item }

    deinit {
        for child in children { child.parent = nil }
    }
}

/// What few nodes have, boxed.
private final class Extras {
    @exclusivity(unchecked) var scrollState = ScrollState()
    @exclusivity(unchecked) var debugName: String?
    @exclusivity(unchecked) var containingWidth: Int?
    @exclusivity(unchecked) var runs: [TextRun] = []
    @exclusivity(unchecked) var marks = RunMarks()
}

/// The properties a parent reads when it lays out a child: sizes, flex factors, margin,
/// placement. Kept apart from `boxStyle` as plain values so layout does not copy whole
/// styles.
struct FlexItem: Sendable {
    var width: Dimension?
    var height: Dimension?
    var minWidth: Dimension?
    var maxWidth: Dimension?
    var minHeight: Dimension?
    var maxHeight: Dimension?
    var basis: Dimension?
    var grow: Double
    var shrink: Double
    /// The margin when no side is a percentage (auto sides count 0).
    var margin: Edges
    /// The margin as given, when a side is a percentage of the parent's inner width.
    var relativeMargin: BoxEdges?
    /// The margin sides that take free space.
    var autoMargins: AutoSides
    var alignSelf: Alignment?
    var isAbsolute: Bool
    var top: Dimension?
    var right: Dimension?
    var bottom: Dimension?
    var left: Dimension?
    var hidden: Bool
    /// Whether the node is a layer, laid out and drawn by the canvas above the rest.
    var isLayer: Bool
    /// Whether the node's own padding has a percentage, which depends on its parent.
    var hasRelativePadding: Bool
    /// Border plus padding in cells, when the padding has no percentage.
    var fixedInsets: Edges

    init(_ style: BoxStyle) {
        width = style.width
        height = style.height
        minWidth = style.minWidth
        maxWidth = style.maxWidth
        minHeight = style.minHeight
        maxHeight = style.maxHeight
        basis = style.basis
        grow = CanvasLimits.factor(style.grow)
        shrink = CanvasLimits.factor(style.shrink)
        autoMargins = style.margin.autoSides
        var hasPercent = false
        for side in [style.margin.top, style.margin.right, style.margin.bottom, style.margin.left] {
            if case .percent = side { hasPercent = true }
        }
        relativeMargin = hasPercent ? style.margin : nil
        margin = style.margin.resolve(against: nil)
        alignSelf = style.alignSelf
        isAbsolute = style.position == .absolute
        top = style.top
        right = style.right
        bottom = style.bottom
        left = style.left
        hidden = style.hidden
        isLayer = style.layer != nil
        hasRelativePadding = style.padding.fixed == nil
        fixedInsets = style.insets(base: nil)
    }

    /// The margin in cells, given the parent's inner width (auto sides are 0).
    @inline(__always)
    func margin(base: Int?) -> Edges {
        guard let relativeMargin else { return margin }
        return relativeMargin.resolve(against: base)
    }

    /// Whether the item is laid out with its siblings (not absolute, hidden or a layer).
    var isInFlow: Bool { !isAbsolute && !hidden && !isLayer }
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
