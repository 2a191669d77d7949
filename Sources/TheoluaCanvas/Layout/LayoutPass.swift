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
    var deferredContent: ((CanvasNode) -> Bool)?
    /// How many deferred nodes got provisional content (see ``Canvas/deferredContent``).
    var provisional = 0
    /// Layers met among the children arranged; the canvas lays them out after the tree.
    var layersFound: [CanvasNode] = []

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
            let inner = Rect(size: size).inset(by: node.insets)
            let outcome = flexLayout(
                node, innerWidth: inner.width, widthIsDefinite: true, innerHeight: inner.height, placing: true)
            for (index, child) in node.children.enumerated() {
                let item = child.item
                if item.hidden {
                    hide(child, parentOld: old, covered: covered)
                } else if item.isLayer {
                    layersFound.append(child)
                } else if item.isAbsolute {
                    let frame = absoluteFrame(of: child, in: node, size: size, inner: inner)
                    place(child, frame: frame, parentOld: old, parentNew: new, covered: covered)
                } else {
                    let frame = outcome.frames[index].offsetBy(dx: inner.x, dy: inner.y)
                    place(child, frame: frame, parentOld: old, parentNew: new, covered: covered)
                }
            }
        }
    }

    /// Lays out a hidden node (`display = "none"`) and its subtree as nothing: empty frames
    /// at its parent's origin, so it is drawn nowhere and hit by nothing. What it covered
    /// is repainted (nothing is drawn outside a box, so its own area covers its subtree).
    mutating func hide(_ node: CanvasNode, parentOld: (x: Int, y: Int)?, covered: Bool) {
        guard node.needsLayout || !node.hasLayout || node.frame != .zero else { return }
        if !covered, node.hasLayout, let parentOld {
            damage.add(node.frame.offsetBy(dx: parentOld.x, dy: parentOld.y))
        }
        node.pendingDamage.removeAll()
        node.frame = .zero
        node.hasLayout = true
        node.needsPaint = false
        node.needsLayout = false
        node.arrangedSize = nil
        for child in node.children { hide(child, parentOld: nil, covered: true) }
    }

    /// Where an absolutely positioned child goes: by its `left`/`right` and `top`/`bottom`
    /// against the parent's padding box (the box inside its border), or, on an axis with
    /// neither, where the parent's `justify` and `align` would put it alone.
    private mutating func absoluteFrame(of child: CanvasNode, in node: CanvasNode, size: Size, inner: Rect) -> Rect {
        let style = node.boxStyle
        let item = child.item
        let border = style.border == nil ? 0 : 1
        let block = Size(width: max(0, size.width - 2 * border), height: max(0, size.height - 2 * border))
        child.noteContainingWidth(block.width)
        let margin = item.margin(base: block.width)
        let insets = child.insets
        let left = item.left?.resolve(against: block.width)
        let right = item.right?.resolve(against: block.width)
        let top = item.top?.resolve(against: block.height)
        let bottom = item.bottom?.resolve(against: block.height)

        var width = item.width?.resolve(against: block.width)
        if width == nil, let left, let right { width = max(0, block.width - left - right - margin.horizontal) }
        let measuredWidth = width ?? measure(child, .atMost(max(0, block.width - margin.horizontal))).width
        let finalWidth = bound(
            measuredWidth, item.minWidth, item.maxWidth, base: block.width, floor: insets.horizontal)
        var height = item.height?.resolve(against: block.height)
        if height == nil, let top, let bottom { height = max(0, block.height - top - bottom - margin.vertical) }
        let measuredHeight = height ?? measure(child, .exactly(finalWidth)).height
        let finalHeight = bound(
            measuredHeight, item.minHeight, item.maxHeight, base: block.height, floor: insets.vertical)

        // On each axis: from the start inset, else from the end inset, else where the
        // parent's justification (main axis) or alignment (cross axis) puts it.
        let isRow = style.direction.isRow
        func offset(
            _ start: Int?, _ end: Int?, extent: Int, total: Int, margins: (Int, Int), isMain: Bool,
            contentStart: Int, contentRoom: Int
        ) -> Int {
            if let start { return border + start + margins.0 }
            if let end { return total - border - end - margins.1 - extent }
            return staticOffset(
                isMain: isMain, style: style, item: item, start: contentStart, room: contentRoom,
                size: extent + margins.0 + margins.1, leading: margins.0,
                reverse: isMain && style.direction.isReverse)
        }
        let x = offset(
            left, right, extent: finalWidth, total: size.width, margins: (margin.left, margin.right), isMain: isRow,
            contentStart: inner.x, contentRoom: inner.width)
        let y = offset(
            top, bottom, extent: finalHeight, total: size.height, margins: (margin.top, margin.bottom),
            isMain: !isRow, contentStart: inner.y, contentRoom: inner.height)
        node.childrenInOrder = false
        return Rect(x: x, y: y, width: finalWidth, height: finalHeight)
    }

    /// An absolute child's offset on an axis without insets: the start, center or end of
    /// the parent's content box, as its `justify` (main axis) or the child's alignment
    /// (cross axis) says. A safe justification keeps a child that overflows at the start,
    /// as it keeps the children in the flow; on a reversed axis the start is the far end.
    private func staticOffset(
        isMain: Bool, style: BoxStyle, item: FlexItem, start: Int, room: Int, size: Int, leading: Int,
        reverse: Bool
    ) -> Int {
        enum Place { case start, center, end }
        var place: Place
        if isMain {
            let fits = size <= room
            switch style.justify {
            case .start, .between: place = .start
            case .center, .around, .evenly: place = .center
            case .end: place = .end
            case .safeCenter: place = fits ? .center : .start
            case .safeEnd: place = fits ? .end : .start
            }
            if reverse { place = place == .start ? .end : place == .end ? .start : .center }
        } else {
            switch item.alignSelf ?? style.align {
            case .start, .stretch: place = style.wrap == .reverse ? .end : .start
            case .center: place = .center
            case .end: place = style.wrap == .reverse ? .start : .end
            }
        }
        switch place {
        case .start: return start + leading
        case .center: return start + Int((Double(room - size) / 2 + 0.5).rounded(.down)) + leading
        case .end: return start + room - size + leading
        }
    }
}
