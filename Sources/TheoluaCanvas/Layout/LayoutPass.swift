/// One layout of a tree: walks down the dirty paths only, places children, and records
/// the areas whose drawing changed so the painter can repaint just those.
///
/// Frames are stored relative to the parent, so moving a subtree touches only its top
/// node, and a clean subtree given the same size is skipped entirely.
struct LayoutPass {
    /// The canvas size; bounds the rows a scroll measures to estimate its own height.
    let viewport: Size
    /// Areas to repaint, in canvas coordinates.
    var damage: DamageList
    /// How many nodes had their children arranged (for flatness tests and benchmarks).
    var arranged = 0
    /// How many content measurements were not found in a cache.
    var measured = 0
    /// Makes the content of deferred nodes (the canvas's hook).
    var deferredContent: ((CanvasNode) -> Void)?

    init(viewport: Size) {
        self.viewport = viewport
        damage = DamageList(bounds: Rect(size: viewport))
    }

    // MARK: Placing

    /// Gives `node` its frame (relative to its parent) and lays out its subtree if it is
    /// dirty or its size changed.
    ///
    /// - Parameters:
    ///   - parentOld: the parent's canvas origin at the last layout, nil if it had none.
    ///   - parentNew: the parent's canvas origin now.
    ///   - covered: whether an ancestor's whole area is already damaged.
    mutating func place(
        _ node: CanvasNode, frame newFrame: Rect, parentOld: (x: Int, y: Int)?, parentNew: (x: Int, y: Int),
        covered: Bool
    ) {
        let newAbsolute = newFrame.offsetBy(dx: parentNew.x, dy: parentNew.y)
        var oldAbsolute: Rect?
        if node.hasLayout, let parentOld {
            oldAbsolute = node.frame.offsetBy(dx: parentOld.x, dy: parentOld.y)
        }
        var isCovered = covered
        if !covered, oldAbsolute != newAbsolute || node.needsPaint {
            damage.add(newAbsolute)
            if let oldAbsolute { damage.add(oldAbsolute) }
            isCovered = true
        }
        if !node.pendingDamage.isEmpty {
            if !isCovered, let oldAbsolute {
                for rect in node.pendingDamage {
                    damage.add(rect.offsetBy(dx: oldAbsolute.x, dy: oldAbsolute.y))
                }
            }
            node.pendingDamage.removeAll()
        }
        node.frame = newFrame
        node.hasLayout = true
        node.needsPaint = false
        if node.needsLayout || node.arrangedSize != newFrame.size {
            arrangeChildren(
                of: node, size: newFrame.size, old: oldAbsolute.map { ($0.x, $0.y) },
                new: (newAbsolute.x, newAbsolute.y), covered: isCovered)
        }
        node.needsLayout = false
    }

    /// Lays out the children of a node that was given `size`.
    private mutating func arrangeChildren(
        of node: CanvasNode, size: Size, old: (x: Int, y: Int)?, new: (x: Int, y: Int), covered: Bool
    ) {
        arranged += 1
        node.arrangedSize = size
        switch node.kind {
        case .text:
            return
        case .scroll:
            arrangeScroll(node, size: size, old: old, new: new, covered: covered)
        case .box:
            let style = node.boxStyle
            let inner = Rect(size: size).inset(by: style.insets)
            let sizes = sizeItems(
                of: node, innerWidth: inner.width, widthIsDefinite: true, innerHeight: inner.height)
            let frames = positions(of: node, sizes: sizes, inner: inner)
            for (child, frame) in zip(node.children, frames) {
                place(child, frame: frame, parentOld: old, parentNew: new, covered: covered)
            }
        }
    }

    /// Where each child's border box goes, given the sizes `sizeItems` chose: main-axis
    /// justification, gaps and margins, cross-axis alignment.
    private func positions(of node: CanvasNode, sizes: [Size], inner: Rect) -> [Rect] {
        let style = node.boxStyle
        let isRow = style.direction == .row
        let children = node.children
        var used = style.spacing * max(0, children.count - 1)
        for (child, size) in zip(children, sizes) {
            let margin = child.item.margin
            used += isRow ? size.width + margin.horizontal : size.height + margin.vertical
        }
        let innerMain = isRow ? inner.width : inner.height
        let innerCross = isRow ? inner.height : inner.width
        let offsets = Distribution.justifyOffsets(
            style.justify, free: innerMain - used, count: children.count)
        var cursor = isRow ? inner.x : inner.y
        var frames: [Rect] = []
        frames.reserveCapacity(children.count)
        for index in children.indices {
            let margin = children[index].item.margin
            let size = sizes[index]
            cursor += offsets[index]
            let crossSize = isRow ? size.height : size.width
            let crossMargins = isRow ? margin.vertical : margin.horizontal
            var crossOffset = 0
            switch style.align {
            case .start, .stretch: crossOffset = 0
            case .center: crossOffset = (innerCross - crossMargins - crossSize) / 2
            case .end: crossOffset = innerCross - crossMargins - crossSize
            }
            if isRow {
                frames.append(
                    Rect(
                        x: cursor + margin.left, y: inner.y + margin.top + crossOffset, width: size.width,
                        height: size.height))
                cursor += size.width + margin.horizontal + style.spacing
            } else {
                frames.append(
                    Rect(
                        x: inner.x + margin.left + crossOffset, y: cursor + margin.top, width: size.width,
                        height: size.height))
                cursor += size.height + margin.vertical + style.spacing
            }
        }
        return frames
    }

    // MARK: Sizing

    /// The border-box size of each child of a box, by flexbox rules.
    ///
    /// `innerWidth` is the room for the children (nil: unbounded); `widthIsDefinite`
    /// says whether the box is exactly that wide (so children may stretch and grow) or
    /// only at most that wide (measuring). `innerHeight` is nil while measuring.
    mutating func sizeItems(
        of node: CanvasNode, innerWidth: Int?, widthIsDefinite: Bool, innerHeight: Int?
    ) -> [Size] {
        let style = node.boxStyle
        let children = node.children
        let count = children.count
        var widths = [Int](repeating: 0, count: count)
        var heights = [Int](repeating: 0, count: count)
        let stretch = style.align == .stretch
        if style.direction == .column {
            for (index, child) in children.enumerated() {
                let item = child.item
                let room = innerWidth.map { max(0, $0 - item.margin.horizontal) }
                var width: Int
                if let explicit = item.width?.resolve(against: innerWidth) {
                    width = explicit
                } else if stretch, widthIsDefinite, let room {
                    width = room
                } else {
                    width = measure(child, room.map { .atMost($0) } ?? .unbounded).width
                }
                width = clamp(width, item.minWidth, item.maxWidth, base: innerWidth)
                widths[index] = width
                let height =
                    item.height?.resolve(against: innerHeight) ?? measure(child, .exactly(width)).height
                heights[index] = clamp(height, item.minHeight, item.maxHeight, base: innerHeight)
            }
            if let innerHeight {
                heights = flexMain(
                    children, bases: heights, available: innerHeight, gap: style.spacing, isRow: false,
                    base: innerHeight, allowGrow: true
                ) { pass, index in
                    pass.minimumHeight(of: children[index], width: widths[index])
                }
            }
        } else {
            for (index, child) in children.enumerated() {
                let item = child.item
                let width = item.width?.resolve(against: innerWidth) ?? measure(child, .unbounded).width
                widths[index] = clamp(width, item.minWidth, item.maxWidth, base: innerWidth)
            }
            if let innerWidth {
                widths = flexMain(
                    children, bases: widths, available: innerWidth, gap: style.spacing, isRow: true,
                    base: innerWidth, allowGrow: widthIsDefinite
                ) { pass, index in
                    pass.minimumWidth(of: children[index])
                }
            }
            for (index, child) in children.enumerated() {
                let item = child.item
                var height: Int
                if let explicit = item.height?.resolve(against: innerHeight) {
                    height = explicit
                } else if stretch, let innerHeight {
                    height = max(0, innerHeight - item.margin.vertical)
                } else {
                    height = measure(child, .exactly(widths[index])).height
                }
                heights[index] = clamp(height, item.minHeight, item.maxHeight, base: innerHeight)
            }
        }
        return (0..<count).map { Size(width: widths[$0], height: heights[$0]) }
    }

    /// Grows or shrinks the children's main-axis sizes to fit `available` cells.
    ///
    /// An item shrinks no further than its `minWidth`/`minHeight`, or without one, than
    /// `automaticMinimum` (its content's minimum): asked only when the items overflow.
    private mutating func flexMain(
        _ children: [CanvasNode], bases: [Int], available: Int, gap: Int, isRow: Bool, base: Int,
        allowGrow: Bool, automaticMinimum: (inout LayoutPass, Int) -> Int
    ) -> [Int] {
        var grow: [Double] = []
        var shrink: [Double] = []
        var minimums: [Int] = []
        var maximums: [Int?] = []
        var outside = gap * max(0, children.count - 1)
        grow.reserveCapacity(children.count)
        shrink.reserveCapacity(children.count)
        minimums.reserveCapacity(children.count)
        maximums.reserveCapacity(children.count)
        for child in children {
            let item = child.item
            grow.append(max(0, item.grow))
            // Text shrinks by wrapping, which only a row can ask of it.
            shrink.append(child.kind == .text && !isRow ? 0 : max(0, item.shrink))
            minimums.append((isRow ? item.minWidth : item.minHeight)?.resolve(against: base) ?? -1)
            maximums.append((isRow ? item.maxWidth : item.maxHeight)?.resolve(against: base))
            outside += isRow ? item.margin.horizontal : item.margin.vertical
        }
        let overflows = bases.reduce(outside, +) > available
        for index in minimums.indices where minimums[index] < 0 {
            minimums[index] = overflows && shrink[index] > 0 ? min(bases[index], automaticMinimum(&self, index)) : 0
        }
        return Distribution.flex(
            bases: bases, grow: grow, shrink: shrink, minimums: minimums, maximums: maximums,
            available: available, outside: outside, allowGrow: allowGrow)
    }

    private func clamp(_ value: Int, _ minimum: Dimension?, _ maximum: Dimension?, base: Int?) -> Int {
        var result = value
        if let maximum = maximum?.resolve(against: base) { result = min(result, maximum) }
        if let minimum = minimum?.resolve(against: base) { result = max(result, minimum) }
        return result
    }
}
