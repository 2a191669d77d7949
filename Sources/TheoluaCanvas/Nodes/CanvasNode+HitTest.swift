extension CanvasNode {
    /// The children that can be drawn inside `clip` (in this node's coordinates): a
    /// scroll's window, or for a box with many children the run whose frames meet the
    /// clip, found by binary search when the children were laid out in main-axis order
    /// without overlapping (one line, not reversed, nothing absolute or hidden), so that
    /// their frames are sorted along it.
    func childrenDrawn(within clip: Rect) -> Range<Int> {
        if kind == .scroll {
            let window = scrollState.visible
            return min(window.lowerBound, children.count)..<min(window.upperBound, children.count)
        }
        guard children.count > Self.searchThreshold, childrenInOrder else { return children.indices }
        let isRow = boxStyle.direction.isRow
        let clipStart = isRow ? clip.x : clip.y
        let clipEnd = isRow ? clip.maxX : clip.maxY
        var low = 0
        var high = children.count
        while low < high {
            let middle = (low + high) / 2
            let frame = children[middle].frame
            if (isRow ? frame.maxX : frame.maxY) <= clipStart { low = middle + 1 } else { high = middle }
        }
        var end = low
        while end < children.count {
            let frame = children[end].frame
            if (isRow ? frame.x : frame.y) >= clipEnd { break }
            end += 1
        }
        return low..<end
    }

    /// Boxes with more children than this find the ones in a clip by binary search.
    private static let searchThreshold = 16

    /// The area children are drawn in, in this node's coordinates: the border box less
    /// its border.
    var contentClip: Rect {
        Rect(x: 0, y: 0, width: frame.width, height: frame.height).inset(
            by: boxStyle.border == nil || kind == .text ? .zero : Edges(1))
    }

    /// The child drawn at the point (`x`, `y`) of this node's own coordinates (from its
    /// border box's top-left cell), as the last layout and paint placed it: inside the
    /// border, among the children shown (a scroll's window), the last one drawn there
    /// when several overlap. Nil when the point is on no child, or on the border. Layers
    /// are not among the children here: they are hit on the canvas's layers.
    public func childIndex(atX x: Int, y: Int) -> Int? {
        guard kind != .text, !children.isEmpty else { return nil }
        let clip = contentClip
        guard clip.contains(x: x, y: y) else { return nil }
        let range = childrenDrawn(within: Rect(x: x, y: y, width: 1, height: 1))
        for index in range.reversed() where !children[index].item.isLayer && children[index].frame.contains(x: x, y: y)
        {
            return index
        }
        return nil
    }
}
