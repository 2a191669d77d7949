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

    /// The picture as of the last `render()` or `paint()`.
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

    /// Whether the root is as tall as its content (at most the canvas), instead of
    /// filling the canvas: an inline app's, which takes only the rows it uses. A root
    /// with a height of its own keeps it.
    public var fitsContentHeight = false {
        didSet {
            if fitsContentHeight != oldValue {
                fullRepaint = true
                root?.markNeedsLayout()
            }
        }
    }

    /// The rows the last layout used, from the top: to the root's bottom edge and its
    /// margin, or to the lowest layer's, at most the canvas height.
    public private(set) var usedHeight = 0

    /// Makes the content of a deferred node (see ``CanvasNode/init(deferred:owner:)``)
    /// when layout first needs it; called during layout, before the node is measured.
    /// It must end the node's deferral. It returns whether the content is provisional:
    /// it stands for content made only after the layout (a component that renders when
    /// it comes into view), and the owner lays out again once that content replaces it.
    /// A scroll whose movement (a page down, a reveal) passed over provisional content
    /// moves again in that next layout, over the content that replaced it.
    public var deferredContent: ((CanvasNode) -> Bool)?

    /// Statistics of the last `render()` or `layout()`, for tests and benchmarks.
    package private(set) var lastStatistics = Statistics()

    /// The areas repainted by the last `render()` or `paint()`, in canvas coordinates.
    package private(set) var lastDamage: [Rect] = []
    /// The areas of `buffer` painted since ``takePaintedAreas()`` last took them, each
    /// with a column either side (painting next to a wide character changes its other
    /// half); the whole buffer when there were many.
    private var paintedAreas: [Rect] = []
    private static let paintedAreaLimit = 32

    private var fullRepaint = true
    private var pendingDamage: DamageList
    /// The layers in the tree, in stacking order (tree order), as of the last layout.
    private var layers: [LayerRecord] = []

    /// A layer node and where it was last drawn.
    private struct LayerRecord {
        let node: CanvasNode
        /// Its border box on the canvas at the last layout, nil before its first.
        var frame: Rect?
        /// Whether it dimmed what is below it at the last layout.
        var dims = false
    }

    /// The layers of the tree in stacking order (the last is on top), as of the last
    /// layout: boxes with a ``BoxStyle/layer`` that are in the tree and not hidden.
    public var layerNodes: [CanvasNode] { layers.map(\.node) }

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
    /// the next `render()`; the damage found is kept for the next paint.
    public func layout() {
        guard let root else { return }
        var pass = LayoutPass(viewport: size)
        pass.damage = pendingDamage
        pass.deferredContent = deferredContent
        var frame = rootFrame(for: root.boxStyle)
        if fitsContentHeight && root.boxStyle.height == nil {
            let content = pass.measure(root, .exactly(frame.width)).height
            let minimum = root.boxStyle.minHeight?.resolve(against: size.height) ?? 0
            frame.height = min(frame.height, max(content, minimum, 0))
        }
        if fullRepaint || root.needsLayout || root.frame != frame || !root.hasLayout {
            let hadLayout = root.hasLayout
            pass.place(
                root, frame: frame, parentOld: hadLayout ? (0, 0) : nil, parentNew: (0, 0),
                covered: fullRepaint)
        }
        layOutLayers(root: root, &pass)
        var used = frame.maxY + max(0, root.boxStyle.margin.resolve(against: size.width).bottom)
        for layer in layers { if let frame = layer.frame { used = max(used, frame.maxY) } }
        usedHeight = min(size.height, used)
        pendingDamage = pass.damage
        lastStatistics = Statistics(arranged: pass.arranged, measured: pass.measured)
    }

    /// Lays out and paints what changed, and returns the new picture.
    @discardableResult
    public func render() -> CellBuffer {
        layout()
        return paint()
    }

    /// Repaints the areas the layouts since the last paint damaged, and returns the new
    /// picture. Call it after ``layout()``, when nothing changed since: a runtime that
    /// lays out as a step of its own paints this way, so that nothing is laid out twice.
    @discardableResult
    public func paint() -> CellBuffer {
        var damage = pendingDamage
        if fullRepaint { damage.addAll() }
        lastDamage = damage.rects
        for damaged in damage.rects {
            // An edge through a wide character would blank its other half, outside the
            // area and not drawn again: the area takes in the whole character.
            let rect = buffer.coveringWholeGraphemes(damaged)
            notePainted(rect)
            buffer.fill(rect)
            if let root {
                Painter.paint(root, origin: (0, 0), clip: rect, background: .default, into: &buffer)
            }
            for layer in layers {
                guard let frame = layer.frame, let parent = layer.node.parent else { continue }
                if layer.dims { buffer.addAttributes(.dim, in: rect) }
                // A layer is opaque: what is below does not show through its blank cells.
                let area = rect.intersection(frame)
                buffer.fill(area)
                let origin = parent.absoluteFrame
                Painter.paint(
                    layer.node, origin: (origin.x, origin.y), clip: rect.intersection(frame), background: .default,
                    into: &buffer)
            }
        }
        fullRepaint = false
        pendingDamage = DamageList(bounds: Rect(size: size))
        return buffer
    }

    /// The areas of ``buffer`` painted since the last call, for an output that compares
    /// only those with what it showed before.
    package func takePaintedAreas() -> [Rect] {
        defer { paintedAreas.removeAll(keepingCapacity: true) }
        return paintedAreas
    }

    private func notePainted(_ rect: Rect) {
        let bounds = Rect(size: size)
        if paintedAreas.count == 1, paintedAreas[0] == bounds { return }
        if rect.width >= bounds.width && rect.height >= bounds.height || paintedAreas.count >= Self.paintedAreaLimit {
            paintedAreas = [bounds]
            return
        }
        paintedAreas.append(Rect(x: rect.x - 1, y: rect.y, width: rect.width + 2, height: rect.height).intersection(bounds))
    }

    // MARK: Layers

    /// Lays out the layers after the tree: keeps those still in it, adds those the pass
    /// met, sorts them into tree order, and places each on the screen. A layer that moved,
    /// came or went damages its old and new areas; one that dims damages everything.
    private func layOutLayers(root: CanvasNode, _ pass: inout LayoutPass) {
        var kept: [LayerRecord] = []
        for record in layers {
            let node = record.node
            if node.item.isLayer && node.isShown(in: root) {
                kept.append(record)
            } else {
                if let frame = record.frame { pass.damage.add(frame) }
                if record.dims { pass.damage.addAll() }
            }
        }
        // Placing a layer arranges its content, which may hold layers of its own: those
        // are placed in the next round.
        var placed = 0
        repeat {
            for node in pass.layersFound where !kept.contains(where: { $0.node === node }) {
                // A box that just became a layer was drawn in its parent until now.
                if node.hasLayout, let parent = node.parent {
                    let origin = parent.absoluteFrame
                    pass.damage.add(node.frame.offsetBy(dx: origin.x, dy: origin.y))
                }
                kept.append(LayerRecord(node: node))
            }
            pass.layersFound.removeAll()
            for index in placed..<kept.count { place(&kept[index], &pass) }
            placed = kept.count
        } while !pass.layersFound.isEmpty
        if kept.count > 1 { kept.sort { $0.node.precedesInTree($1.node) } }
        layers = kept
    }

    /// Lays out one layer: where it goes, and its content when it moved or changed.
    private func place(_ record: inout LayerRecord, _ pass: inout LayoutPass) {
        let node = record.node
        guard let parent = node.parent, let style = node.boxStyle.layer else { return }
        let origin = parent.absoluteFrame
        let frame = layerFrame(node, style: style, anchor: origin, &pass)
        if style.dimsBelow != record.dims { pass.damage.addAll() }
        // Its frame is kept relative to its parent, like every node's: a parent that
        // moved moves it there too, though it stays put on the screen.
        let relative = frame.offsetBy(dx: -origin.x, dy: -origin.y)
        if frame != record.frame || relative != node.frame || node.needsLayout || !node.hasLayout || fullRepaint {
            if let old = record.frame { pass.damage.add(old) }
            pass.place(node, frame: relative, parentOld: nil, parentNew: (origin.x, origin.y), covered: false)
        }
        record.frame = frame
        record.dims = style.dimsBelow
    }

    /// Where a layer goes on the canvas: its own size (or its content's, at most the
    /// screen), placed as its style says and moved to stay on the screen.
    private func layerFrame(_ node: CanvasNode, style: LayerStyle, anchor: Rect, _ pass: inout LayoutPass) -> Rect {
        let item = node.item
        let screen = Rect(size: size)
        node.noteContainingWidth(size.width)  // a layer's percentages are of the screen
        var minimumWidth = 0
        if style.placement == .parent { minimumWidth = min(anchor.width, size.width) }
        var width =
            item.width?.resolve(against: size.width) ?? max(minimumWidth, pass.measure(node, .atMost(size.width)).width)
        width = min(
            pass.bound(width, item.minWidth, item.maxWidth, base: size.width, floor: node.insets.horizontal), size.width
        )
        var height = item.height?.resolve(against: size.height) ?? pass.measure(node, .exactly(width)).height
        height = min(
            pass.bound(height, item.minHeight, item.maxHeight, base: size.height, floor: node.insets.vertical),
            size.height)
        func centred(_ length: Int, in room: Int) -> Int { (room - length + 1) / 2 }
        var x: Int
        var y: Int
        switch style.placement {
        case .center:
            x = centred(width, in: size.width)
            y = centred(height, in: size.height)
        case .parent:
            x = anchor.x
            y = anchor.maxY
            // Above the box when it does not fit below and does above.
            if y + height > size.height && anchor.y - height >= 0 { y = anchor.y - height }
        case .point(let column, let row):
            x = column?.resolve(against: size.width) ?? centred(width, in: size.width)
            y = row?.resolve(against: size.height) ?? centred(height, in: size.height)
        }
        x = max(0, min(x, screen.maxX - width))
        y = max(0, min(y, screen.maxY - height))
        return Rect(x: x, y: y, width: width, height: height)
    }

    /// Marks the whole canvas for repainting at the next `render()` or `paint()`.
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
