/// A text canvas: a tree of nodes laid out and painted into a cell buffer.
///
/// The canvas knows nothing of components or terminals. A runtime builds and mutates a
/// tree of `CanvasNode`s, sets its root here, and calls `render()` once per frame; that
/// lays out only the dirty paths and repaints only the damaged areas of `buffer`. To
/// show a frame, hand the previous and the new buffer to a `FrameEncoder`.
///
/// ```swift
/// let canvas = Canvas(width: 80, height: 24)
/// let root = CanvasNode(box: BoxStyle(border: .round, title: "Log"))
/// root.appendChild(CanvasNode(text: "hello"))
/// canvas.root = root
/// let frame = canvas.render()
/// print(frame.text)
/// ```
public final class Canvas {
    /// The canvas size in cells; the root is laid out to fill it.
    public private(set) var size: Size

    /// The picture as of the last `render()`.
    public private(set) var buffer: CellBuffer

    /// The root of the tree, or nil for an empty canvas. Replacing it repaints everything.
    public var root: CanvasNode? {
        didSet {
            if root !== oldValue {
                root?.removeFromParent()
                fullRepaint = true
            }
        }
    }

    /// Makes the content of a deferred node (see ``CanvasNode/init(deferred:owner:)``)
    /// when layout first needs it; called during layout, before the node is measured.
    /// It must end the node's deferral.
    public var deferredContent: ((CanvasNode) -> Void)?

    /// Statistics of the last `render()` or `layout()`, for tests and benchmarks.
    package private(set) var lastStatistics = Statistics()

    /// The areas repainted by the last `render()`, in canvas coordinates.
    package private(set) var lastDamage: [Rect] = []

    private var fullRepaint = true
    private var pendingDamage: DamageList

    /// What the last frame cost: nodes arranged and content measurements computed.
    package struct Statistics: Sendable, Equatable {
        /// Nodes whose children were laid out again.
        package var arranged = 0
        /// Content measurements not answered from a cache.
        package var measured = 0
    }

    /// Creates an empty canvas of the given size.
    public init(width: Int, height: Int) {
        size = Size(width: width, height: height)
        buffer = CellBuffer(width: width, height: height)
        pendingDamage = DamageList(bounds: Rect(size: size))
    }

    /// Changes the canvas size; the next `render()` lays out and paints everything.
    public func resize(width: Int, height: Int) {
        let newSize = Size(width: width, height: height)
        guard newSize != size else { return }
        size = newSize
        buffer = CellBuffer(size: newSize)
        pendingDamage = DamageList(bounds: Rect(size: newSize))
        fullRepaint = true
        root?.markNeedsLayout()
    }

    /// Lays out what changed since the last layout, without painting.
    ///
    /// A runtime calls this when it needs node frames (say, to place a cursor) before
    /// the next `render()`; the damage found is kept for that render.
    public func layout() {
        guard let root else { return }
        var pass = LayoutPass(viewport: size)
        pass.damage = pendingDamage
        pass.deferredContent = deferredContent
        let frame = rootFrame(for: root.boxStyle)
        if fullRepaint || root.needsLayout || root.frame != frame || !root.hasLayout {
            let hadLayout = root.hasLayout
            pass.place(
                root, frame: frame, parentOld: hadLayout ? (0, 0) : nil, parentNew: (0, 0),
                covered: fullRepaint)
        }
        pendingDamage = pass.damage
        lastStatistics = Statistics(arranged: pass.arranged, measured: pass.measured)
    }

    /// Lays out and paints what changed, and returns the new picture.
    @discardableResult
    public func render() -> CellBuffer {
        layout()
        var damage = pendingDamage
        if fullRepaint { damage.addAll() }
        lastDamage = damage.rects
        for damaged in damage.rects {
            // An edge through a wide character would blank its other half, outside the
            // area and not drawn again: the area takes in the whole character.
            let rect = buffer.coveringWholeGraphemes(damaged)
            buffer.fill(rect)
            if let root {
                Painter.paint(root, origin: (0, 0), clip: rect, background: .default, into: &buffer)
            }
        }
        fullRepaint = false
        pendingDamage = DamageList(bounds: Rect(size: size))
        return buffer
    }

    /// Marks the whole canvas for repainting at the next `render()`.
    public func setNeedsFullRepaint() { fullRepaint = true }

    /// The root's border box: the whole canvas inside the root's margin, unless the
    /// root sets its own width or height.
    private func rootFrame(for style: BoxStyle) -> Rect {
        let room = Rect(size: size).inset(by: style.margin.resolve(against: size.width))
        var width = style.width?.resolve(against: size.width) ?? room.width
        var height = style.height?.resolve(against: size.height) ?? room.height
        if let maximum = style.maxWidth?.resolve(against: size.width) { width = min(width, maximum) }
        if let minimum = style.minWidth?.resolve(against: size.width) { width = max(width, minimum) }
        if let maximum = style.maxHeight?.resolve(against: size.height) { height = min(height, maximum) }
        if let minimum = style.minHeight?.resolve(against: size.height) { height = max(height, minimum) }
        return Rect(x: room.x, y: room.y, width: width, height: height)
    }
}
