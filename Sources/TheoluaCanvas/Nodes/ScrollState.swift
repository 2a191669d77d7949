/// Where a scroll node's window sits, kept as an anchor child and a line offset so
/// that scrolling never needs the heights of children far out of view.
struct ScrollState {
    /// A request applied at the next layout, when the children's heights are known.
    enum Command {
        case lines(Int)
        case pages(Int)
        case start
        case end
        /// Bring this child into view, as little as it takes.
        case reveal(CanvasNode)
        /// Bring the child at this index (as of the layout) into view, as little as it takes.
        case revealIndex(Int)
        /// Put the child this far through the children (0 the first, 1 the last) at the
        /// top: a drag of the scrollbar.
        case fraction(Double)
        /// Move sideways by this many columns (negative: left), when the scroll does.
        case columns(Int)
    }

    /// Whether the end stays in view as children are added.
    var follow = false
    /// Whether the window is held at the end (follow mode is engaged).
    var pinnedToEnd = false
    /// The first child in view (possibly partly, above the top).
    var anchor = 0
    /// How many rows of the anchor child are scrolled above the top.
    var lineOffset = 0
    /// Commands waiting for the next layout.
    var pending: [Command] = []
    /// The children drawn by the last layout.
    var visible: Range<Int> = 0..<0
    /// The inner height of the window at the last layout.
    var viewportHeight = 0
    /// Whether the last layout showed the last row of the content.
    var atEnd = true
    /// The child drawn in inverse video (a list's selection), if any.
    var highlighted: Int?
    /// Columns the content is moved left by, in a scroll that scrolls sideways.
    var offsetX = 0
    /// The widest child laid out, in a scroll that scrolls sideways.
    var contentWidth = 0
    /// What the children are a window of, when they are (a list's items around its
    /// selection): the first child's index among all the items, and how many there are.
    var window: (start: Int, total: Int)?
    /// What a box that scrolls by itself says of its scrollbar (see
    /// ``CanvasNode/scrollbarPosition``).
    var position: (first: Int, visible: Int, total: Int)?
    /// Where the last layout found the window, to tell whether it stayed where it was.
    /// (A change of the highlight, window or scrollbar position repaints the whole
    /// scroll by itself: it marks the scroll for paint.)
    var arranged: Arrangement?
    /// What the children the last layout placed covered.
    var drawn: Drawn?

    struct Arrangement: Equatable {
        var anchor: Int
        var lineOffset: Int
        var shift: Int
        var count: Int
    }

    struct Drawn: Equatable {
        var visible: Range<Int>
        var end: Int
        var atEnd: Bool
        var contentWidth: Int
    }

    mutating func childInserted(at index: Int) {
        if index < anchor || (index == anchor && lineOffset > 0) { anchor += 1 }
    }

    /// The child at `index` gave its place to another: the window stays, and starts at
    /// the new child's top if it started in the old one.
    mutating func childReplaced(at index: Int) {
        if index == anchor { lineOffset = 0 }
    }

    mutating func childRemoved(at index: Int) {
        if index < anchor {
            anchor -= 1
        } else if index == anchor {
            lineOffset = 0
        }
    }

    mutating func reset() {
        anchor = 0
        lineOffset = 0
        visible = 0..<0
    }
}

/// Where a scroll node's window is, as the last layout left it.
public struct ScrollPosition: Sendable, Hashable {
    /// The index of the first child in view (possibly partly).
    public var firstVisibleIndex: Int
    /// Rows of that child scrolled out above the top.
    public var lineOffset: Int
    /// The children drawn, in index order.
    public var visibleRange: Range<Int>
    /// Whether the last row of the content is in view.
    public var isAtEnd: Bool
    /// Whether the window is held at the end as children are added.
    public var isFollowing: Bool
}

extension CanvasNode {
    /// Whether a scroll keeps its end in view as children are added (`follow` in scripts).
    ///
    /// Turning it on jumps to the end; scrolling up lets go of the end until the user
    /// scrolls back down to it (or calls `scrollToEnd()`).
    public var follow: Bool {
        get { scrollState.follow }
        set {
            guard kind == .scroll, newValue != scrollState.follow else { return }
            scrollState.follow = newValue
            scrollState.pinnedToEnd = newValue
            invalidate()
        }
    }

    /// The scroll's window as of the last layout (all zero for other kinds).
    public var scrollPosition: ScrollPosition {
        ScrollPosition(
            firstVisibleIndex: scrollState.anchor, lineOffset: scrollState.lineOffset,
            visibleRange: scrollState.visible, isAtEnd: scrollState.atEnd,
            isFollowing: scrollState.follow && scrollState.pinnedToEnd)
    }

    /// Scrolls up by `lines` rows (the `up` key); applied at the next layout.
    public func scrollUp(by lines: Int = 1) { enqueue(.lines(-CanvasLimits.length(lines))) }

    /// Scrolls down by `lines` rows (the `down` key); applied at the next layout.
    public func scrollDown(by lines: Int = 1) { enqueue(.lines(CanvasLimits.length(lines))) }

    /// Scrolls up by one window height (the `pageup` key).
    public func pageUp() { enqueue(.pages(-1)) }

    /// Scrolls down by one window height (the `pagedown` key).
    public func pageDown() { enqueue(.pages(1)) }

    /// Scrolls to the first row (the `home` key).
    public func scrollToStart() { enqueue(.start) }

    /// Scrolls to the last row (the `end` key); a following scroll stays there again.
    public func scrollToEnd() { enqueue(.end) }

    /// Puts the child `fraction` of the way through the children (0 the first, 1 the
    /// last) at the top of the window: what dragging the scrollbar does.
    public func scroll(toFraction fraction: Double) {
        guard fraction.isFinite else { return }
        enqueue(.fraction(Swift.min(Swift.max(fraction, 0), 1)))
    }

    /// Moves a scroll that scrolls sideways by `columns` (negative: left).
    public func scrollSideways(by columns: Int) {
        let length = CanvasLimits.length(columns == .min ? .max : abs(columns))
        enqueue(.columns(columns < 0 ? -length : length))
    }

    /// Where a box that scrolls by itself (a textarea) shows its scrollbar's thumb: the
    /// first unit in view, how many are in view, and how many there are.
    public var scrollbarPosition: (first: Int, visible: Int, total: Int)? {
        get { scrollState.position }
        set {
            if let old = scrollState.position, let newValue, old == newValue { return }
            if scrollState.position == nil && newValue == nil { return }
            scrollState.position = newValue
            needsPaint = true
        }
    }

    /// Says that the children are a window of a longer list (a list's items around its
    /// selection): the first child is item `start` (from 0) of `total`. The scrollbar
    /// shows where the window is among all of them.
    public func setScrollWindow(start: Int, total: Int) {
        guard kind == .scroll else { return }
        let window = (Swift.max(0, start), Swift.max(0, total))
        if let current = scrollState.window, current == window { return }
        scrollState.window = window
        needsPaint = true
    }

    /// The rows of a scrollbar `track` rows long its thumb takes: where the rows in view
    /// are among all of them, as items (children, or a list's items, or what
    /// ``scrollbarPosition`` says). Nil when all fit.
    public func scrollbarThumb(track: Int) -> Range<Int>? {
        guard track > 0 else { return nil }
        let state = scrollState
        var visible = Swift.max(state.visible.count, 1)
        var total: Int
        var first: Int
        var atEnd = state.atEnd
        if let position = scrollbarPosition {
            (first, visible, total) = (position.first, Swift.max(position.visible, 1), Swift.max(position.total, 1))
            atEnd = first + visible >= total
        } else if kind != .scroll {
            return nil
        } else if let window = state.window {
            total = Swift.max(window.total, 1)
            first = window.start + state.anchor
        } else {
            total = Swift.max(children.count, 1)
            first = state.anchor
        }
        guard total > visible || first > 0 else { return nil }
        let size = Swift.min(track, Swift.max(1, track * visible / total))
        // The thumb moves over the track's free rows as the window moves over the items
        // that do not fit: at the top at the start, at the bottom at the end.
        let travel = Double(track - size) * Double(first) / Double(Swift.max(total - visible, 1))
        var start = Int(travel.rounded())
        if atEnd || first + visible >= total { start = track - size }
        start = Swift.min(Swift.max(start, 0), track - size)
        return start..<(start + size)
    }

    /// Scrolls as little as brings the child at `index` into view (its top, when it is
    /// taller than the window); applied at the next layout, to the children as they are
    /// then. What a list does to show its selection.
    public func scrollToChild(at index: Int) { enqueue(.revealIndex(index)) }

    /// The child drawn in inverse video, its whole frame: a list's selection. Scrolls only.
    public var highlightedChild: Int? {
        get { kind == .scroll ? scrollState.highlighted : nil }
        set {
            guard kind == .scroll, newValue != scrollState.highlighted else { return }
            scrollState.highlighted = newValue
            needsPaint = true
            markNeedsLayout()
        }
    }

    /// Scrolls every scroll this node is in, innermost first, as little as brings it
    /// into view (or its top, when it is taller than the window); applied at the next
    /// layout. What focus does when it moves into a scroll.
    public func scrollIntoView() {
        var node = self
        while let parent = node.parent {
            parent.enqueue(.reveal(node))
            node = parent
        }
    }

    private func enqueue(_ command: ScrollState.Command) {
        guard kind == .scroll else { return }
        scrollState.pending.append(command)
        needsPaint = true
        markNeedsLayout()
    }
}
