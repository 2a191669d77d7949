/// Draws a laid-out tree into a cell buffer, within a clip rectangle.
///
/// Each node draws only inside its own border box and its children only inside its
/// border, so nothing is ever drawn outside its box. A text or border without its own
/// background shows the background of the nearest box that has one.
enum Painter {
    /// Paints `node`, whose parent's border box starts at `origin`, clipped to `clip`.
    static func paint(
        _ node: CanvasNode, origin: (x: Int, y: Int), clip: Rect, background: Color,
        into buffer: inout CellBuffer
    ) {
        let rect = node.frame.offsetBy(dx: origin.x, dy: origin.y)
        let visible = rect.intersection(clip)
        if visible.isEmpty { return }
        if node.kind == .text {
            paintText(node, rect: rect, visible: visible, background: background, into: &buffer)
            return
        }
        let style = node.boxStyle
        // Over everything inside the box, once it is painted.
        defer { if style.inverse { buffer.addAttributes(.inverse, in: visible) } }
        var fill = background
        if style.background != .default {
            fill = style.background
            buffer.fill(visible, style: CellStyle(background: fill))
        }
        if let border = style.border {
            paintBorder(border, style: style, rect: rect, visible: visible, background: fill, into: &buffer)
        }
        let content = rect.inset(by: style.border == nil ? .zero : Edges(1)).intersection(clip)
        if content.isEmpty { return }
        if let drawing = style.drawing {
            drawing.base.draw(in: rect.inset(by: node.insets), clip: content, into: &buffer)
        }
        let children = node.children
        let range = node.childrenDrawn(within: content.offsetBy(dx: -rect.x, dy: -rect.y))
        for index in range where !children[index].item.isLayer {
            paint(children[index], origin: (rect.x, rect.y), clip: content, background: fill, into: &buffer)
        }
        if let highlighted = node.highlightedChild, range.contains(highlighted) {
            let frame = children[highlighted].frame.offsetBy(dx: rect.x, dy: rect.y)
            buffer.addAttributes(.inverse, in: frame.intersection(content))
        }
        if style.scrollbar {
            paintScrollbar(node, inner: rect.inset(by: node.insets), clip: content, background: fill, into: &buffer)
        }
    }

    /// A scroll's bar, in the column right of its content: the track `│` dim in the
    /// border color, the thumb `┃` over the rows that show where the window is.
    private static func paintScrollbar(
        _ node: CanvasNode, inner: Rect, clip: Rect, background: Color, into buffer: inout CellBuffer
    ) {
        let x = inner.maxX
        guard inner.height > 0 else { return }
        let thumb = node.scrollbarThumb(track: inner.height)
        var track = CellStyle(foreground: node.boxStyle.borderColor, background: background)
        track.attributes.insert(.dim)
        let bar = CellStyle(foreground: node.boxStyle.borderColor, background: background)
        for row in 0..<inner.height {
            let onThumb = thumb?.contains(row) ?? false
            buffer.put(
                onThumb ? "┃" : "│", columns: 1, x: x, y: inner.y + row, style: onThumb ? bar : track, clip: clip)
        }
    }

    private static func paintBorder(
        _ border: BorderKind, style: BoxStyle, rect: Rect, visible: Rect, background: Color,
        into buffer: inout CellBuffer
    ) {
        let glyphs = border.glyphs
        let pen = CellStyle(foreground: style.borderColor, background: background)
        let left = rect.x
        let right = rect.maxX - 1
        let top = rect.y
        let bottom = rect.maxY - 1
        // Only the cells in view: a box far larger than the screen costs what it shows.
        let firstX = max(left, visible.x)
        let lastX = min(right, visible.maxX - 1)
        if firstX <= lastX {
            for x in firstX...lastX {
                let topGlyph = x == left ? glyphs.topLeft : x == right ? glyphs.topRight : glyphs.horizontal
                buffer.put(topGlyph, columns: 1, x: x, y: top, style: pen, clip: visible)
                if bottom > top {
                    let bottomGlyph =
                        x == left ? glyphs.bottomLeft : x == right ? glyphs.bottomRight : glyphs.horizontal
                    buffer.put(bottomGlyph, columns: 1, x: x, y: bottom, style: pen, clip: visible)
                }
            }
        }
        let firstY = max(top + 1, visible.y)
        let lastY = min(bottom - 1, visible.maxY - 1)
        if firstY <= lastY {
            for y in firstY...lastY {
                buffer.put(glyphs.vertical, columns: 1, x: left, y: y, style: pen, clip: visible)
                if right > left {
                    buffer.put(glyphs.vertical, columns: 1, x: right, y: y, style: pen, clip: visible)
                }
            }
        }
        if let title = style.title, !title.isEmpty {
            paintTitle(title, rect: rect, visible: visible, pen: pen, into: &buffer)
        }
    }

    /// Draws ` title ` into the top border after one line glyph: `┌─ Title ───┐`,
    /// shortened with `…` when it does not fit.
    private static func paintTitle(
        _ title: String, rect: Rect, visible: Rect, pen: CellStyle, into buffer: inout CellBuffer
    ) {
        let room = rect.width - 6  // corner, line, space … space, line, corner
        if room < 1 { return }
        let area = Rect(x: rect.x + 2, y: rect.y, width: room + 2, height: 1).intersection(visible)
        var x = rect.x + 2
        buffer.put(" ", columns: 1, x: x, y: rect.y, style: pen, clip: area)
        x += 1
        let fits = UnicodeWidth.fits(title, in: room)
        let limit = fits ? room : room - 1
        for character in title {
            let width = UnicodeWidth.of(character)
            if width == 0 { continue }
            if x + width > rect.x + 3 + limit || x >= visible.maxX { break }
            buffer.put(character, columns: width, x: x, y: rect.y, style: pen, clip: area)
            x += width
        }
        if !fits {
            buffer.put("…", columns: 1, x: x, y: rect.y, style: pen, clip: area)
            x += 1
        }
        buffer.put(" ", columns: 1, x: x, y: rect.y, style: pen, clip: area)
    }

    private static func paintText(
        _ node: CanvasNode, rect: Rect, visible: Rect, background: Color, into buffer: inout CellBuffer
    ) {
        let style = node.textStyle
        var pen = style.cellStyle
        if pen.background == .default { pen.background = background }
        let align = style.align
        // The look of each run's glyphs (none for a text of one look: nothing allocated).
        let runs = node.runs
        let pens = runs.isEmpty ? node.marks.looks.map { $0.style(over: pen) } : runs.map { $0.style(over: pen) }
        node.withTextLayout { layout in
            let lines = layout.wrapped(width: rect.width, mode: style.wrap)
            for (row, line) in lines.enumerated() {
                let y = rect.y + row
                if y < visible.y { continue }
                if y >= visible.maxY { break }
                var x = rect.x
                switch align {
                case .left: break
                case .center: x += (rect.width - line.width) / 2
                case .right: x += rect.width - line.width
                }
                let glyphs = layout.lines[line.line]
                for index in line.range {
                    let glyph = glyphs[index]
                    if x >= visible.maxX { break }
                    let look = glyph.run == 0 || Int(glyph.run) > pens.count ? pen : pens[Int(glyph.run) - 1]
                    buffer.put(
                        layout.character(of: glyph), columns: glyph.width, x: x, y: y, style: look, clip: visible)
                    x += glyph.width
                }
                if line.ellipsis { buffer.put("…", columns: 1, x: x, y: y, style: pen, clip: visible) }
            }
        }
    }
}
