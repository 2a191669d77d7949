/// Scroll nodes: a column whose children are measured and placed only from the anchor
/// child down to the bottom of the window, so the cost is one screenful however many
/// children there are. Heights of children passed over are cached in their nodes.
extension LayoutPass {
    /// What the scroll layout reads of a scroll for each child, read once a pass: a
    /// style is some 250 bytes, existentials among them, and reading one field through
    /// the node copies all of it.
    fileprivate struct Column {
        let node: CanvasNode
        /// The window's width and height (inside the scroll's insets).
        let innerWidth: Int
        let viewport: Int
        /// The rows between two children.
        let gap: Int
        let align: Alignment
        let sideways: Bool

        init(_ node: CanvasNode, innerWidth: Int, viewport: Int) {
            self.node = node
            self.innerWidth = innerWidth
            self.viewport = viewport
            let style = node.boxStyle
            gap = style.verticalGap(innerHeight: viewport)
            align = style.align
            sideways = style.scrollsHorizontally
        }

        /// The gap after child `index`: none after the last.
        func gap(after index: Int) -> Int { index + 1 < node.children.count ? gap : 0 }
    }

    /// A scroll's child `index`, its content made first if it was deferred: the only
    /// way the scroll layout reaches a child, so rows never in view are never made.
    private mutating func scrollChild(_ scroll: CanvasNode, _ index: Int) -> CanvasNode {
        let child = scroll.children[index]
        if child.isDeferred {
            if deferredContent?(child) == true { provisional += 1 }
            child.endDeferral()
        }
        return child
    }

    /// The width a scroll's child gets: its own, or the window's (stretch), or its content's.
    private mutating func scrollChildWidth(_ child: CanvasNode, _ column: Column) -> Int {
        let item = child.item
        let innerWidth = column.innerWidth
        child.noteContainingWidth(innerWidth)
        let room = max(0, innerWidth - item.margin(base: innerWidth).horizontal)
        var width: Int
        if let explicit = item.width?.resolve(against: innerWidth) {
            width = explicit
        } else if column.align == .stretch {
            width = room
        } else {
            width = measure(child, .atMost(room)).width
        }
        if let maximum = item.maxWidth?.resolve(against: innerWidth) { width = min(width, maximum) }
        if let minimum = item.minWidth?.resolve(against: innerWidth) { width = max(width, minimum) }
        return width
    }

    /// A child's border-box height at a given width.
    private mutating func scrollChildHeight(_ child: CanvasNode, width: Int, viewport: Int) -> Int {
        let item = child.item
        var height = item.height?.resolve(against: viewport) ?? measure(child, .exactly(width)).height
        if let maximum = item.maxHeight?.resolve(against: viewport) { height = min(height, maximum) }
        if let minimum = item.minHeight?.resolve(against: viewport) { height = max(height, minimum) }
        return height
    }

    /// The rows child `index` takes in the column: its height, margins and the gap after it.
    private mutating func extent(_ column: Column, _ index: Int) -> Int {
        let child = scrollChild(column.node, index)
        if child.item.hidden || child.item.isLayer { return 0 }
        let width = laidOutWidth(child, column)
        return scrollChildHeight(child, width: width, viewport: column.viewport)
            + child.item.margin(base: column.innerWidth).vertical + column.gap(after: index)
    }

    /// The anchor and offset that put the last row at the bottom of the window.
    private mutating func endPosition(_ column: Column) -> (Int, Int) {
        var total = 0
        var index = column.node.children.count - 1
        while index >= 0 {
            total += extent(column, index)
            if total >= column.viewport { return (index, total - column.viewport) }
            index -= 1
        }
        return (0, 0)
    }

    /// The width a scroll's child is laid out at: in a scroll that scrolls sideways, as
    /// wide as its content (at least the window's width), else as ``scrollChildWidth``.
    private mutating func laidOutWidth(_ child: CanvasNode, _ column: Column) -> Int {
        guard column.sideways, child.item.width == nil else {
            return scrollChildWidth(child, column)
        }
        let margin = child.item.margin(base: column.innerWidth)
        return max(measure(child, .unbounded).width, column.innerWidth - margin.horizontal)
    }

    /// Moves the window as little as brings child `index` into view: its top when it is
    /// above the window or taller than it, else its bottom. Measures only the children
    /// between the window and the child, or one window's worth above a child far below.
    private mutating func reveal(_ index: Int, _ column: Column) {
        let scroll = column.node
        let viewport = column.viewport
        var state = scroll.scrollState
        defer { scroll.scrollState = state }
        if index < state.anchor || (index == state.anchor && state.lineOffset > 0) {
            (state.anchor, state.lineOffset) = (index, 0)
            state.pinnedToEnd = false
            return
        }
        let height = extent(column, index) - column.gap(after: index)
        var top = -state.lineOffset
        var between = state.anchor
        while between < index, top < viewport {
            top += extent(column, between)
            between += 1
        }
        if between == index, top + height <= viewport { return }  // in view already
        if height >= viewport {
            (state.anchor, state.lineOffset) = (index, 0)
            return
        }
        // The child's bottom at the window's bottom: walk up from it one window's worth.
        var total = height
        var first = index
        while total < viewport, first > 0 {
            first -= 1
            total += extent(column, first)
        }
        (state.anchor, state.lineOffset) = total >= viewport ? (first, total - viewport) : (0, 0)
    }

    /// Moves the window by `lines` rows (negative: up), clamped to the content.
    private mutating func scrollBy(_ lines: Int, _ column: Column) {
        let scroll = column.node
        var state = scroll.scrollState
        let count = scroll.children.count
        if lines < 0 {
            var total = state.lineOffset + lines
            while total < 0, state.anchor > 0 {
                state.anchor -= 1
                total += extent(column, state.anchor)
            }
            state.lineOffset = max(0, total)
        } else {
            var total = state.lineOffset + lines
            while state.anchor < count,
                total >= extent(column, state.anchor)
            {
                total -= extent(column, state.anchor)
                state.anchor += 1
            }
            state.lineOffset = total
        }
        scroll.scrollState = state
    }

    /// Lays out the visible children of a scroll given its size.
    mutating func arrangeScroll(
        _ scroll: CanvasNode, size: Size, old: (x: Int, y: Int)?, new: (x: Int, y: Int), covered: Bool
    ) {
        let inner = Rect(size: size).inset(by: scroll.insets)
        let viewport = inner.height
        let count = scroll.children.count
        let column = Column(scroll, innerWidth: inner.width, viewport: viewport)
        scroll.scrollState.viewportHeight = viewport

        let commands = scroll.scrollState.pending
        let before = scroll.scrollState
        let provisionalBefore = provisional
        scroll.scrollState.pending.removeAll()
        for command in commands {
            switch command {
            case .start:
                scroll.scrollState.anchor = 0
                scroll.scrollState.lineOffset = 0
                scroll.scrollState.pinnedToEnd = false
            case .end:
                (scroll.scrollState.anchor, scroll.scrollState.lineOffset) =
                    endPosition(column)
                scroll.scrollState.pinnedToEnd = scroll.scrollState.follow
            case .lines(let lines):
                if lines < 0 { scroll.scrollState.pinnedToEnd = false }
                scrollBy(lines, column)
            case .pages(let pages):
                if pages < 0 { scroll.scrollState.pinnedToEnd = false }
                scrollBy(pages * max(1, viewport), column)
            case .reveal(let child):
                guard let index = scroll.index(of: child) else { continue }
                reveal(index, column)
            case .revealIndex(let index):
                guard scroll.children.indices.contains(index) else { continue }
                reveal(index, column)
            case .fraction(let fraction):
                let target = Int((fraction * Double(max(count - 1, 0))).rounded())
                scroll.scrollState.anchor = min(max(target, 0), max(count - 1, 0))
                scroll.scrollState.lineOffset = 0
                scroll.scrollState.pinnedToEnd = false
            case .columns(let columns):
                guard column.sideways else { continue }
                scroll.scrollState.offsetX = max(0, scroll.scrollState.offsetX + columns)
            }
        }
        let sideways = column.sideways

        // Clamp the window to the content: never past the end, never an empty window.
        let end = endPosition(column)
        var state = scroll.scrollState
        if state.follow && state.pinnedToEnd {
            (state.anchor, state.lineOffset) = end
        } else if count == 0 {
            (state.anchor, state.lineOffset) = (0, 0)
        } else if state.anchor > end.0 || (state.anchor == end.0 && state.lineOffset >= end.1) {
            (state.anchor, state.lineOffset) = end
            if state.follow { state.pinnedToEnd = true }
        }
        scroll.scrollState = state
        if !commands.isEmpty && provisional > provisionalBefore {
            // The moves passed over content that is not made yet, whose size is not
            // known: they are made again in the next layout, which follows once that
            // content is made (see `Canvas.deferredContent`).
            scroll.scrollState = before
            state = before
        }

        var y = -state.lineOffset
        var index = state.anchor
        var widest = 0
        // Sideways, the content moves left by the offset, kept within its width.
        let shift = sideways ? min(state.offsetX, max(0, scroll.scrollState.contentWidth - inner.width)) : 0

        // When the window moved, its content moves as a whole, and the whole scroll is
        // repainted. When it stayed (a row of a list changed, or its selection moved),
        // each child placed damages what it changed, as the children of a box do.
        let whole = Rect(x: new.x, y: new.y, width: size.width, height: size.height)
        let arrangement = ScrollState.Arrangement(
            anchor: state.anchor, lineOffset: state.lineOffset, shift: shift, count: count)
        let stayed = !covered && old != nil && scroll.scrollState.arranged == arrangement
        if !covered && !stayed { damage.add(whole) }
        let childrenCovered = covered || !stayed

        while index < count, y < viewport {
            let child = scrollChild(scroll, index)
            if child.item.hidden || child.item.isLayer {
                if child.item.hidden {
                    hide(child, parentOld: old, covered: childrenCovered)
                } else {
                    layersFound.append(child)
                }
                index += 1
                continue
            }
            let margin = child.item.margin(base: inner.width)
            let width = laidOutWidth(child, column)
            widest = max(widest, width + margin.horizontal)
            let height = scrollChildHeight(child, width: width, viewport: viewport)
            var crossOffset = 0
            let room = inner.width - margin.horizontal
            switch column.align {
            case .start, .stretch: crossOffset = 0
            case .center: crossOffset = (room - width) / 2
            case .end: crossOffset = room - width
            }
            let frame = Rect(
                x: inner.x + margin.left + crossOffset - shift, y: inner.y + y + margin.top, width: width,
                height: height)
            place(child, frame: frame, parentOld: old, parentNew: new, covered: childrenCovered)
            y += height + margin.vertical + column.gap(after: index)
            index += 1
        }
        scroll.scrollState.visible = state.anchor..<index
        scroll.scrollState.atEnd = index == count && y <= viewport
        if sideways {
            scroll.scrollState.contentWidth = widest
            scroll.scrollState.offsetX = min(state.offsetX, max(0, widest - inner.width))
        }
        // Children that left the window, rows left blank, a scrollbar that moved: what
        // the children did not damage themselves is repainted whole.
        let drawn = ScrollState.Drawn(
            visible: scroll.scrollState.visible, end: min(y, viewport), atEnd: scroll.scrollState.atEnd,
            contentWidth: scroll.scrollState.contentWidth)
        if stayed && drawn != scroll.scrollState.drawn { damage.add(whole) }
        scroll.scrollState.arranged = arrangement
        scroll.scrollState.drawn = drawn
    }

    /// A scroll's content size: its first screenful of children, since measuring all of
    /// them would cost as much as the whole list. Give a scroll `grow` or a height.
    mutating func measureScroll(_ scroll: CanvasNode, _ constraint: WidthConstraint) -> Size {
        let insets = scroll.insets
        let limit = constraint.limit.map { max(0, $0 - insets.horizontal) }
        var widest = 0
        var total = 0
        var index = 0
        let count = scroll.children.count
        let style = scroll.boxStyle
        let gap = style.verticalGap(innerHeight: viewport.height)
        let stretches = style.align == .stretch
        var isExact = false
        if case .exactly = constraint { isExact = true }
        while index < count, total < viewport.height {
            let child = scrollChild(scroll, index)
            let item = child.item
            let margin = item.margin(base: limit)
            if item.hidden || item.isLayer {
                index += 1
                continue
            }
            let room = limit.map { max(0, $0 - margin.horizontal) }
            let width: Int
            if let explicit = item.width?.resolve(against: limit) {
                width = explicit
            } else if isExact, stretches, let room {
                width = room  // stretched: the content's own width is not asked
            } else {
                width = measure(child, room.map { .atMost($0) } ?? .unbounded).width
            }
            widest = max(widest, width + margin.horizontal)
            total += scrollChildHeight(child, width: width, viewport: viewport.height) + margin.vertical
            if index + 1 < count { total += gap }
            index += 1
        }
        let height = min(total, viewport.height) + insets.vertical
        switch constraint {
        case .exactly(let width): return Size(width: width, height: height)
        case .atMost(let width): return Size(width: min(width, widest + insets.horizontal), height: height)
        case .unbounded: return Size(width: widest + insets.horizontal, height: height)
        }
    }
}
