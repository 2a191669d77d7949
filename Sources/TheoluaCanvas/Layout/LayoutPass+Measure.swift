extension LayoutPass {
    /// The content size of a node's border box under a width constraint, from its cache
    /// when it has not changed since it was last measured.
    ///
    /// The node's own `width`/`height` are not applied here: the parent resolves them,
    /// since only the parent knows what a percentage is of.
    mutating func measure(_ node: CanvasNode, _ constraint: WidthConstraint) -> Size {
        if node.kind == .scroll {
            if let cached = node.measureCache[constraint, viewport: viewport.height] { return cached }
        } else if let cached = node.measureCache[constraint] {
            return cached
        }
        if node.item.hidden { return .zero }
        measured += 1
        let size: Size
        switch node.kind {
        case .text:
            size = measureText(node, constraint)
        case .box:
            size = measureBox(node, constraint)
        case .scroll:
            // One screenful of rows, kept with the canvas height it was measured for: a
            // flex parent asks for it more than once a pass, and a change inside the
            // scroll drops it as it drops any node's measurements.
            let size = measureScroll(node, constraint)
            node.measureCache.store(size, for: constraint, viewport: viewport.height)
            return size
        }
        node.measureCache.store(size, for: constraint)
        return size
    }

    private func measureText(_ node: CanvasNode, _ constraint: WidthConstraint) -> Size {
        let mode = node.textStyle.wrap
        let size = node.withTextLayout { $0.size(width: constraint.limit, mode: mode) }
        if case .exactly(let width) = constraint { return Size(width: width, height: size.height) }
        return size
    }

    private mutating func measureBox(_ node: CanvasNode, _ constraint: WidthConstraint) -> Size {
        let insets = node.insets
        var isDefinite = false
        if case .exactly = constraint { isDefinite = true }
        let innerWidth = constraint.limit.map { max(0, $0 - insets.horizontal) }
        let content = flexLayout(
            node, innerWidth: innerWidth, widthIsDefinite: isDefinite, innerHeight: nil, placing: false)
        let height = content.contentHeight + insets.vertical
        switch constraint {
        case .exactly(let width): return Size(width: width, height: height)
        case .atMost(let width):
            // Fit-content: the room there is, but no less than what cannot shrink.
            let wanted = content.contentWidth + insets.horizontal
            if wanted <= width { return Size(width: wanted, height: height) }
            return Size(width: max(width, min(wanted, minimumWidth(of: node))), height: height)
        case .unbounded: return Size(width: content.contentWidth + insets.horizontal, height: height)
        }
    }
}

extension CanvasNode {
    /// Runs `body` on this text node's layout, creating it from `text` on first use.
    /// The layout of the text: its runs, its marked runs, or the text of one look.
    private func makeTextLayout() -> TextLayout {
        if !runs.isEmpty { return TextLayout(runs: runs) }
        let marks = marks
        return marks.isEmpty ? TextLayout(text) : TextLayout(text, ends: marks.ends)
    }

    func withTextLayout<Result>(_ body: (inout TextLayout) -> Result) -> Result {
        var layout = textCache ?? makeTextLayout()
        textCache = nil  // keep the layout uniquely referenced while it is mutated
        let result = body(&layout)
        textCache = layout
        return result
    }
}
