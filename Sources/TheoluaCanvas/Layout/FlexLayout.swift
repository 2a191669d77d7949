/// The flexbox algorithm for the children of one box, as Yoga runs it: flex bases, lines,
/// flexible lengths, justification, cross-axis alignment, multi-line alignment, then the
/// absolutely positioned children.
///
/// Sizes are shared out in fractions of a cell and placed children get whole cells by
/// rounding their edges (not their sizes) to the nearest cell, halves up, as Yoga rounds
/// to the pixel grid: three items sharing 100 cells are 33, 34 and 33 wide, and their
/// edges are where exact arithmetic puts them, rounded.
///
/// Everything here works in "main" and "cross" terms; `isRow` says which is horizontal.
/// Reverse directions and reverse wrapping are laid out forwards and mirrored at the end.
extension LayoutPass {
    /// A box's children laid out under some room.
    struct FlexOutcome {
        /// The children's extent in the box's inner area: the longest line and the lines'
        /// total cross size (gaps included).
        var contentWidth = 0
        var contentHeight = 0
        /// Each child's border box in the box's inner coordinates (only when placing);
        /// hidden children get an empty frame at the origin.
        var frames: [Rect] = []
    }

    /// One in-flow child while its line is laid out.
    private struct Entry {
        var index: Int
        var margin: Edges
        var autoMargins: AutoSides
        /// The flex base size: `basis`, else the size, else the content's.
        var base: Double
        /// The flex base size within min and max (and never below the child's insets).
        var hypothetical: Double
        /// The size the line gives it.
        var main: Double
        /// The cross size of its border box.
        var cross: Int
        var grow: Double
        var shrink: Double
        var minimum: Double?
        var maximum: Double?
        /// The main-axis floor of the box's own padding and border.
        var floor: Double
        var align: Alignment
        /// Whether its cross size comes from the line.
        var stretches: Bool
        /// While the line's lengths are resolved: whether this size is final, and the
        /// size the last round wanted.
        var frozen = false
        var wanted = 0.0
        /// Where it goes: its main and cross offsets in the inner area (forwards), and
        /// its cross size in the line.
        var mainPosition = 0.0
        var crossPosition = 0.0
        var crossSize = 0.0
    }

    /// One line of a box's children.
    private struct Line {
        var entries: Range<Int>
        var cross = 0
    }

    /// Lays out the children of `node` under the given inner room.
    ///
    /// - Parameters:
    ///   - innerWidth: the room for the children across (nil: unbounded).
    ///   - widthIsDefinite: whether the box is exactly `innerWidth` wide, or at most.
    ///   - innerHeight: the box's inner height when it is known (placing), else nil.
    ///   - placing: whether to compute the children's frames.
    mutating func flexLayout(
        _ node: CanvasNode, innerWidth: Int?, widthIsDefinite: Bool, innerHeight: Int?, placing: Bool
    ) -> FlexOutcome {
        let style = node.boxStyle
        let isRow = style.direction.isRow
        let children = node.children
        let innerMain = isRow ? innerWidth : innerHeight
        let mainIsDefinite = isRow ? widthIsDefinite : innerHeight != nil
        let innerCross = isRow ? innerHeight : innerWidth
        let crossIsDefinite = isRow ? innerHeight != nil : widthIsDefinite
        let mainGap = isRow ? style.horizontalGap(innerWidth: innerWidth) : style.verticalGap(innerHeight: innerHeight)
        let crossGap = isRow ? style.verticalGap(innerHeight: innerHeight) : style.horizontalGap(innerWidth: innerWidth)
        let wraps = style.wrap != .none
        // A percentage of a width not known yet (while measuring) counts as unset.
        let definiteWidth = widthIsDefinite ? innerWidth : nil
        let definiteMain = isRow ? definiteWidth : innerHeight

        // Flex bases, in tree order.
        var entries: [Entry] = []
        entries.reserveCapacity(children.count)
        for (index, child) in children.enumerated() {
            let item = child.item
            guard item.isInFlow else { continue }
            child.noteContainingWidth(innerWidth)
            let margin = item.margin(base: innerWidth)
            let align = item.alignSelf ?? style.align
            let autoCross: AutoSides = isRow ? [.top, .bottom] : [.left, .right]
            let stretches = align == .stretch && item.autoMargins.isDisjoint(with: autoCross)
            let insets = child.insets
            var entry = Entry(
                index: index, margin: margin, autoMargins: item.autoMargins, base: 0, hypothetical: 0, main: 0,
                cross: 0,
                grow: item.grow, shrink: child.kind == .text && !isRow ? 0 : item.shrink,
                minimum: nil, maximum: nil, floor: Double(isRow ? insets.horizontal : insets.vertical),
                align: align, stretches: stretches && (isRow ? item.height : item.width) == nil)
            var base: Int
            if isRow {
                base =
                    item.basis?.resolve(against: definiteMain) ?? item.width?.resolve(against: definiteWidth)
                    ?? measure(child, .unbounded).width
                entry.minimum = item.minWidth?.resolve(against: definiteWidth).map(Double.init)
                entry.maximum = item.maxWidth?.resolve(against: definiteWidth).map(Double.init)
            } else {
                // A column's child is as wide as it will be before its height is known.
                let room = innerWidth.map { max(0, $0 - margin.horizontal) }
                var width: Int
                if let explicit = item.width?.resolve(against: definiteWidth) {
                    width = explicit
                } else if entry.stretches, !wraps, widthIsDefinite, let room {
                    width = room
                } else {
                    width = measure(child, room.map { .atMost($0) } ?? .unbounded).width
                }
                width = bound(width, item.minWidth, item.maxWidth, base: definiteWidth, floor: insets.horizontal)
                entry.cross = width
                base =
                    item.basis?.resolve(against: definiteMain) ?? item.height?.resolve(against: innerHeight)
                    ?? measure(child, .exactly(width)).height
                entry.minimum = item.minHeight?.resolve(against: innerHeight).map(Double.init)
                entry.maximum = item.maxHeight?.resolve(against: innerHeight).map(Double.init)
            }
            entry.base = Double(base)
            entry.hypothetical = clamp(Double(base), entry)
            entries.append(entry)
        }

        // Lines: a new one when the next item would pass the end.
        var lines: [Line] = []
        var start = 0
        var consumed = 0.0
        for index in entries.indices {
            let outer = entries[index].hypothetical + Double(mainMargins(entries[index].margin, isRow))
            let gap = index == start ? 0 : Double(mainGap)
            if wraps, let innerMain, index > start, consumed + gap + outer > Double(innerMain) {
                lines.append(Line(entries: start..<index))
                start = index
                consumed = outer
            } else {
                consumed += gap + outer
            }
        }
        if start < entries.count || lines.isEmpty { lines.append(Line(entries: start..<entries.count)) }

        // Flexible lengths and cross sizes, line by line.
        var outcome = FlexOutcome()
        var longest = 0.0
        for lineIndex in lines.indices {
            let range = lines[lineIndex].entries
            resolveFlexibleLengths(
                &entries[range], children: children, available: innerMain, canGrow: mainIsDefinite, gap: mainGap,
                isRow: isRow)
            var extent = Double(mainGap * max(0, range.count - 1))
            var lineCross = 0
            for index in range {
                let child = children[entries[index].index]
                let item = child.item
                extent += entries[index].main + Double(mainMargins(entries[index].margin, isRow))
                if isRow {
                    let width = rounded(entries[index].main)
                    var height: Int
                    if let explicit = item.height?.resolve(against: innerHeight) {
                        height = explicit
                    } else if entries[index].stretches, !wraps, let innerCross {
                        height = max(0, innerCross - entries[index].margin.vertical)
                    } else {
                        height = measure(child, .exactly(width)).height
                    }
                    let floor = child.insets.vertical
                    entries[index].cross = bound(
                        height, item.minHeight, item.maxHeight, base: innerHeight, floor: floor)
                }
                lineCross = max(lineCross, entries[index].cross + crossMargins(entries[index].margin, isRow))
            }
            if !wraps, crossIsDefinite, let innerCross { lineCross = innerCross }
            lines[lineIndex].cross = lineCross
            longest = max(longest, extent)
        }
        let linesCross = lines.reduce(0) { $0 + $1.cross } + crossGap * max(0, lines.count - 1)
        var contentMain = Int(longest.rounded(.up))
        // Lines wrap because the box is full: it takes all the room it has.
        if lines.count > 1, let innerMain { contentMain = max(contentMain, innerMain) }
        outcome.contentWidth = isRow ? contentMain : linesCross
        outcome.contentHeight = isRow ? linesCross : contentMain
        guard placing, let innerCross, let innerMain else { return outcome }

        // Positions, in forward main and cross coordinates of the inner area.
        let reverseCross = style.wrap == .reverse
        var lead = 0.0
        var extraPerLine = 0.0
        var betweenLines = Double(crossGap)
        if wraps {
            let free = Double(innerCross - linesCross)
            switch free >= 0 ? style.alignContent : .start {
            case .start: break
            case .center: lead = free / 2
            case .end: lead = free
            case .stretch: extraPerLine = free / Double(lines.count)
            case .between: if lines.count > 1 { betweenLines += free / Double(lines.count - 1) }
            case .around:
                lead = free / Double(2 * lines.count)
                betweenLines += free / Double(lines.count)
            case .evenly:
                lead = free / Double(lines.count + 1)
                betweenLines += lead
            }
        }
        var lineStart = lead
        for line in lines {
            let lineCross = Double(line.cross) + extraPerLine
            justify(&entries[line.entries], style: style, available: innerMain, gap: mainGap, isRow: isRow)
            for position in line.entries {
                let entry = entries[position]
                // Reversed lines are laid out forwards and mirrored, so their leading margin
                // is the one at the cross axis's far end.
                let leading =
                    isRow
                    ? (reverseCross ? entry.margin.bottom : entry.margin.top)
                    : (reverseCross ? entry.margin.right : entry.margin.left)
                let margins = Double(crossMargins(entry.margin, isRow))
                var size = Double(entry.cross)
                if entry.stretches {
                    // Yoga stretches a wrapped line's items into the space after it too.
                    let room = wraps ? lineCross + (betweenLines - Double(crossGap)) : lineCross
                    let child = children[entry.index]
                    let item = child.item
                    let insets = child.insets
                    size = bound(
                        room - margins, isRow ? item.minHeight : item.minWidth,
                        isRow ? item.maxHeight : item.maxWidth, base: innerCross,
                        floor: isRow ? insets.vertical : insets.horizontal)
                }
                let free = lineCross - size - margins
                let autoStart = entry.autoMargins.contains(
                    isRow ? (reverseCross ? .bottom : .top) : (reverseCross ? .right : .left))
                let autoEnd = entry.autoMargins.contains(
                    isRow ? (reverseCross ? .top : .bottom) : (reverseCross ? .left : .right))
                var offset = Double(leading)
                if autoStart || autoEnd {
                    // Auto margins take the free space instead of the alignment.
                    if autoStart { offset += max(0, autoEnd ? free / 2 : free) }
                } else {
                    switch entry.align {
                    case .start, .stretch: break
                    case .center: offset += free / 2
                    case .end: offset += free
                    }
                }
                entries[position].crossPosition = lineStart + offset
                entries[position].crossSize = size
            }
            lineStart += lineCross + betweenLines
        }

        // Whole cells, mirrored for the reverse directions, then relative offsets.
        outcome.frames = [Rect](repeating: .zero, count: children.count)
        let reverseMain = style.direction.isReverse
        var inOrder = !reverseMain && !wraps
        for entry in entries {
            let child = children[entry.index]
            var mainStart = entry.mainPosition
            var crossStart = entry.crossPosition
            let crossSize = entry.crossSize
            if reverseMain { mainStart = Double(innerMain) - mainStart - entry.main }
            if reverseCross { crossStart = Double(innerCross) - crossStart - crossSize }
            let main = (rounded(mainStart), rounded(mainStart + entry.main))
            let cross = (rounded(crossStart), rounded(crossStart + crossSize))
            var frame =
                isRow
                ? Rect(x: main.0, y: cross.0, width: main.1 - main.0, height: cross.1 - cross.0)
                : Rect(x: cross.0, y: main.0, width: cross.1 - cross.0, height: main.1 - main.0)
            let item = child.item
            if let left = item.left?.resolve(against: innerWidth) {
                frame.x += left
            } else if let right = item.right?.resolve(against: innerWidth) {
                frame.x -= right
            }
            if let top = item.top?.resolve(against: innerHeight) {
                frame.y += top
            } else if let bottom = item.bottom?.resolve(against: innerHeight) {
                frame.y -= bottom
            }
            if item.left != nil || item.right != nil || item.top != nil || item.bottom != nil { inOrder = false }
            outcome.frames[entry.index] = frame
        }
        if entries.count != children.count { inOrder = false }
        node.childrenInOrder = inOrder
        return outcome
    }

    /// Grows or shrinks one line's items into `available` cells by the flexbox rules
    /// (CSS Flexbox §9.7): items whose share would pass their minimum or maximum are
    /// frozen there, and the free space is shared again among the others.
    private mutating func resolveFlexibleLengths(
        _ line: inout ArraySlice<Entry>, children: [CanvasNode], available: Int?, canGrow: Bool, gap: Int,
        isRow: Bool
    ) {
        for index in line.indices { line[index].main = line[index].hypothetical }
        guard let available else { return }
        let outside =
            Double(gap * max(0, line.count - 1))
            + line.reduce(0.0) { $0 + Double(mainMargins($1.margin, isRow)) }
        let hypothetical = line.reduce(outside) { $0 + $1.hypothetical }
        let growing = hypothetical < Double(available)
        if hypothetical == Double(available) || (growing && !canGrow) { return }
        // An item shrinks no further than its content's minimum unless a minimum is set.
        if !growing {
            for index in line.indices where line[index].minimum == nil && line[index].shrink > 0 {
                let child = children[line[index].index]
                let automatic =
                    isRow
                    ? minimumWidth(of: child)
                    : minimumHeight(of: child, width: line[index].cross)
                line[index].minimum = min(line[index].hypothetical, Double(automatic))
            }
        }
        func weight(_ entry: Entry) -> Double { growing ? entry.grow : entry.shrink * entry.base }
        // Items that cannot flex, or would flex the wrong way, keep their hypothetical size.
        for index in line.indices {
            let entry = line[index]
            line[index].frozen =
                weight(entry) == 0 || (growing ? entry.base > entry.hypothetical : entry.base < entry.hypothetical)
        }
        func freeSpace() -> Double {
            var used = outside
            for entry in line { used += entry.frozen ? entry.main : entry.base }
            return Double(available) - used
        }
        let initialFree = freeSpace()
        for _ in 0...line.count {
            guard line.contains(where: { !$0.frozen }) else { break }
            var free = freeSpace()
            var factors = 0.0
            for entry in line where !entry.frozen { factors += weight(entry) }
            // Factors that add up to less than one share out only that part of the space.
            if growing, factors < 1, abs(initialFree * factors) < abs(free) { free = initialFree * factors }
            var violation = 0.0
            for index in line.indices where !line[index].frozen {
                let entry = line[index]
                let wanted = factors > 0 ? entry.base + free * weight(entry) / factors : entry.base
                line[index].wanted = wanted
                line[index].main = clamp(wanted, entry)
                violation += line[index].main - wanted
            }
            // Freeze every item when nothing was clamped, else the ones clamped the way
            // the total went.
            for index in line.indices where !line[index].frozen {
                let main = line[index].main
                let wanted = line[index].wanted
                if violation == 0 || (violation > 0 && main > wanted) || (violation < 0 && main < wanted) {
                    line[index].frozen = true
                }
            }
        }
    }

    /// Main-axis positions of one line's items: auto margins take the free space first,
    /// else `justify` shares it out.
    private func justify(_ line: inout ArraySlice<Entry>, style: BoxStyle, available: Int, gap: Int, isRow: Bool) {
        var used = Double(gap * max(0, line.count - 1))
        var autoMargins = 0
        for entry in line {
            used += entry.main + Double(mainMargins(entry.margin, isRow))
            if entry.autoMargins.contains(isRow ? .left : .top) { autoMargins += 1 }
            if entry.autoMargins.contains(isRow ? .right : .bottom) { autoMargins += 1 }
        }
        let free = Double(available) - used
        var lead = 0.0
        var between = Double(gap)
        if autoMargins == 0 {
            let count = Double(line.count)
            switch style.justify {
            case .start: break
            case .center: lead = free / 2
            case .end: lead = free
            case .safeCenter: lead = max(0, free / 2)
            case .safeEnd: lead = max(0, free)
            case .between: if line.count > 1 && free > 0 { between += free / (count - 1) }
            case .around:
                if free > 0 {
                    lead = free / (2 * count)
                    between += free / count
                }
            case .evenly:
                if free > 0 {
                    lead = free / (count + 1)
                    between += lead
                }
            }
        }
        let share = autoMargins > 0 ? max(0, free) / Double(autoMargins) : 0
        var cursor = lead
        // Reversed lines are laid out forwards and mirrored, so their leading margin is
        // the one at the main axis's far end.
        let reverse = style.direction.isReverse
        for index in line.indices {
            let entry = line[index]
            let autoStart = entry.autoMargins.contains(isRow ? (reverse ? .right : .left) : (reverse ? .bottom : .top))
            let autoEnd = entry.autoMargins.contains(isRow ? (reverse ? .left : .right) : (reverse ? .top : .bottom))
            if autoStart { cursor += share }
            let leading =
                isRow
                ? (reverse ? entry.margin.right : entry.margin.left)
                : (reverse ? entry.margin.bottom : entry.margin.top)
            line[index].mainPosition = cursor + Double(leading)
            cursor += entry.main + Double(mainMargins(entry.margin, isRow)) + between
            if autoEnd { cursor += share }
        }
    }

    /// A size within an entry's minimum and maximum, and never below its own insets.
    private func clamp(_ value: Double, _ entry: Entry) -> Double {
        var result = value
        if let maximum = entry.maximum { result = min(result, maximum) }
        if let minimum = entry.minimum { result = max(result, minimum) }
        return max(result, entry.floor)
    }

    /// A size within `minimum` and `maximum` (resolved against `base`) and at least `floor`.
    func bound(_ value: Int, _ minimum: Dimension?, _ maximum: Dimension?, base: Int?, floor: Int) -> Int {
        var result = value
        if let maximum = maximum?.resolve(against: base) { result = min(result, maximum) }
        if let minimum = minimum?.resolve(against: base) { result = max(result, minimum) }
        return max(result, floor)
    }

    /// ``bound(_:_:_:base:floor:)`` for a size in fractions of a cell.
    private func bound(_ value: Double, _ minimum: Dimension?, _ maximum: Dimension?, base: Int?, floor: Int)
        -> Double
    {
        var result = value
        if let maximum = maximum?.resolve(against: base) { result = min(result, Double(maximum)) }
        if let minimum = minimum?.resolve(against: base) { result = max(result, Double(minimum)) }
        return max(result, Double(floor))
    }

    @inline(__always)
    private func mainMargins(_ margin: Edges, _ isRow: Bool) -> Int { isRow ? margin.horizontal : margin.vertical }

    @inline(__always)
    private func crossMargins(_ margin: Edges, _ isRow: Bool) -> Int { isRow ? margin.vertical : margin.horizontal }

    /// The nearest whole cell, halves up (as Yoga rounds to its pixel grid).
    @inline(__always)
    private func rounded(_ value: Double) -> Int {
        guard value.isFinite else { return 0 }
        let clamped = min(max(value, -Double(CanvasLimits.maximumLength) * 4), Double(CanvasLimits.maximumLength) * 4)
        return Int((clamped + 0.5).rounded(.down))
    }
}
