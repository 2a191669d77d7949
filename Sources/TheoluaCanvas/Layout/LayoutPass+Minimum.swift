/// The automatic minimum of a flex item on the main axis, as a browser's
/// `min-width: auto` / `min-height: auto`: an item does not shrink below its content
/// unless its `minWidth`/`minHeight` says it may. So a column that overflows keeps its
/// first children whole and clips the last ones, instead of squeezing everything.
///
/// Content that scrolls is the exception: a scroll's minimum is 0, and it counts as 0 in
/// the minimum of the boxes around it, so a panel holding a log gives way before the
/// input beside it does.
extension LayoutPass {
    /// The automatic minimum height of `node` given its `width`, for a column.
    mutating func minimumHeight(of node: CanvasNode, width: Int) -> Int {
        switch node.kind {
        case .scroll:
            return 0
        case .text:
            return measure(node, .exactly(width)).height
        case .box:
            let style = node.boxStyle
            let insets = node.insets
            let inner = max(0, width - insets.horizontal)
            var content = 0
            if !style.direction.isRow {
                var count = 0
                for child in node.children where child.item.isInFlow {
                    let item = child.item
                    let margin = item.margin(base: inner)
                    let room = max(0, inner - margin.horizontal)
                    let align = item.alignSelf ?? style.align
                    let childWidth =
                        item.width?.resolve(against: inner)
                        ?? (align == .stretch ? room : measure(child, .atMost(room)).width)
                    let height = contribution(item.minHeight, item.maxHeight) {
                        // An item that never shrinks keeps its whole size.
                        if item.shrink <= 0 {
                            return item.height?.resolve(against: nil) ?? $0.measure(child, .exactly(childWidth)).height
                        }
                        let content = $0.minimumHeight(of: child, width: childWidth)
                        return item.height?.resolve(against: nil).map { min($0, content) } ?? content
                    }
                    content =
                        style.wrap == .none
                        ? content + height + margin.vertical : max(content, height + margin.vertical)
                    count += 1
                }
                if style.wrap == .none { content += style.verticalGap(innerHeight: nil) * max(0, count - 1) }
            } else {
                // The children's widths as the row shares them out (frames of a zero height).
                let frames = flexLayout(
                    node, innerWidth: inner, widthIsDefinite: true, innerHeight: 0, placing: true
                ).frames
                for (child, frame) in zip(node.children, frames) where child.item.isInFlow {
                    let item = child.item
                    let height = contribution(item.minHeight, item.maxHeight) {
                        $0.minimumHeight(of: child, width: frame.width)
                    }
                    content = max(content, height + item.margin(base: inner).vertical)
                }
            }
            return content + insets.vertical
        }
    }

    /// The automatic minimum width of `node`, for a row: the narrowest its content can
    /// be (a browser's min-content width), with scrolls at 0.
    mutating func minimumWidth(of node: CanvasNode) -> Int {
        if let cached = node.measureCache.minimumWidth { return cached }
        let width = contentMinimumWidth(of: node)
        node.measureCache.storeMinimumWidth(width)
        return width
    }

    /// ``minimumWidth(of:)`` worked out.
    private mutating func contentMinimumWidth(of node: CanvasNode) -> Int {
        switch node.kind {
        case .scroll:
            return 0
        case .text:
            let mode = node.textStyle.wrap
            return node.withTextLayout { $0.minimumWidth(mode: mode) }
        case .box:
            let style = node.boxStyle
            // A row adds its children up, unless it wraps; a column takes the widest.
            let adds = style.direction.isRow && style.wrap == .none
            var content = 0
            var count = 0
            for child in node.children where child.item.isInFlow {
                let item = child.item
                // An item that never shrinks is as wide as its content.
                let width = contribution(item.minWidth, item.maxWidth) {
                    if let explicit = item.width?.resolve(against: nil) { return explicit }
                    return item.shrink > 0 ? $0.minimumWidth(of: child) : $0.measure(child, .unbounded).width
                }
                let outer = width + item.margin(base: nil).horizontal
                content = adds ? content + outer : max(content, outer)
                count += 1
            }
            if adds { content += style.horizontalGap(innerWidth: nil) * max(0, count - 1) }
            return content + node.insets.horizontal
        }
    }

    /// A child's part in its parent's minimum: its own minimum, within its `min*` and
    /// `max*`; an explicit `min*` stands for the content's.
    /// (Percentages are of a size not known here, and count as unset.)
    private mutating func contribution(
        _ minimum: Dimension?, _ maximum: Dimension?, content: (inout LayoutPass) -> Int
    ) -> Int {
        var size = minimum?.resolve(against: nil) ?? content(&self)
        if let maximum = maximum?.resolve(against: nil) { size = min(size, maximum) }
        return size
    }
}
