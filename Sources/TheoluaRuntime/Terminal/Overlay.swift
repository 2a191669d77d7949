import TheoluaCanvas

/// Panels drawn over the app's last frame: the error overlay, notes and the log view.
enum Overlay {
    /// Draws `message` in a red-bordered panel at the bottom of `frame`, at most half its
    /// height. Lines wrap at spaces; when they do not all fit, the first ones stay (the
    /// file and line, then the message) and the last shown ends in "…".
    static func error(_ message: String, over frame: CellBuffer) -> CellBuffer {
        panel(
            title: " error — fix and save to reload ", lines: message.split(separator: "\n").map(String.init),
            color: .red, maxHeight: frame.size.height / 2, over: frame, fill: false, keepsFirst: true)
    }

    /// Draws `message` in a yellow-bordered panel at the top of `frame`, at most half its
    /// height: something the user did that the app could not take (a paste too large),
    /// said where the error panel and the app's own footer stay visible. The next key
    /// closes it.
    static func note(_ message: String, over frame: CellBuffer) -> CellBuffer {
        panel(
            title: " note — the next key closes this ", lines: message.split(separator: "\n").map(String.init),
            color: .yellow, maxHeight: frame.size.height / 2, over: frame, fill: false, keepsFirst: true, atTop: true)
    }

    /// Draws the last lines of `log` in a panel over the whole frame.
    static func log(_ log: [String], over frame: CellBuffer) -> CellBuffer {
        panel(
            title: " log — F12 to close ", lines: log.isEmpty ? ["(nothing printed yet)"] : log,
            color: .cyan, maxHeight: frame.size.height, over: frame, fill: true, keepsFirst: false)
    }

    /// Clears `area` and draws a rounded border around it in `color`, with `title` in
    /// its top edge: the frame of every panel.
    static func frame(_ area: Rect, title: String, color: Color, in buffer: inout CellBuffer) {
        guard area.width >= 2, area.height >= 2 else { return }
        buffer.fill(area)
        let border = CellStyle(foreground: color)
        let horizontal = String(repeating: "─", count: area.width - 2)
        _ = buffer.write("╭" + horizontal + "╮", x: area.x, y: area.y, style: border)
        _ = buffer.write("╰" + horizontal + "╯", x: area.x, y: area.maxY - 1, style: border)
        _ = buffer.write(String(title.prefix(max(0, area.width - 4))), x: area.x + 2, y: area.y, style: border)
        for y in (area.y + 1)..<(area.maxY - 1) {
            _ = buffer.write("│", x: area.x, y: y, style: border)
            _ = buffer.write("│", x: area.maxX - 1, y: y, style: border)
        }
    }

    /// `line` broken into pieces of at most `width` cells: at the last space that fits,
    /// or inside a word longer than the width.
    static func wrap(_ line: String, width: Int) -> [String] {
        guard width > 0 else { return [] }
        var pieces: [String] = []
        var piece = ""
        var used = 0
        // Where `piece` may break: the index after its last space, and the cells before it.
        var lastSpace: (index: String.Index, cells: Int)? = nil
        for character in line {
            let cells = UnicodeWidth.of(character)
            if used + cells > width {
                if character == " " {
                    pieces.append(piece)
                    piece = ""
                    used = 0
                    lastSpace = nil
                    continue
                }
                if let space = lastSpace {
                    let rest = String(piece[space.index...])
                    pieces.append(String(piece[..<space.index]).trimmingTrailingSpaces())
                    piece = rest
                    used -= space.cells
                } else if !piece.isEmpty {
                    pieces.append(piece)
                    piece = ""
                    used = 0
                }
                lastSpace = nil
                if cells > width { continue }  // a character wider than the panel
                if used + cells > width {  // a wide character after what was carried over
                    pieces.append(piece)
                    piece = ""
                    used = 0
                }
            }
            piece.append(character)
            used += cells
            if character == " " { lastSpace = (piece.endIndex, used) }
        }
        if !piece.isEmpty || pieces.isEmpty { pieces.append(piece) }
        return pieces
    }

    private static func panel(
        title: String, lines: [String], color: Color, maxHeight: Int, over frame: CellBuffer, fill: Bool,
        keepsFirst: Bool, atTop: Bool = false
    ) -> CellBuffer {
        var buffer = frame
        let width = frame.size.width
        guard width >= 4, frame.size.height >= 3 else { return buffer }
        let inner = width - 4
        let wrapped = lines.flatMap { wrap($0, width: inner) }
        let height = fill ? max(3, maxHeight) : min(max(3, maxHeight), wrapped.count + 2)
        var shown: [String]
        if keepsFirst {
            shown = Array(wrapped.prefix(height - 2))
            if wrapped.count > shown.count, let last = shown.last {
                shown[shown.count - 1] =
                    wrap(last + " …", width: inner).count == 1 ? last + " …" : markCut(last, width: inner)
            }
        } else {
            shown = Array(wrapped.suffix(height - 2))
        }
        let top = atTop ? 0 : frame.size.height - height
        let text = CellStyle()
        Overlay.frame(Rect(x: 0, y: top, width: width, height: height), title: title, color: color, in: &buffer)
        for (index, line) in shown.enumerated() {
            buffer.write(line, x: 2, y: top + 1 + index, style: text)
        }
        return buffer
    }

    /// `line` with its end replaced by "…", within `width` cells.
    private static func markCut(_ line: String, width: Int) -> String {
        var kept = ""
        var used = 0
        for character in line {
            let cells = UnicodeWidth.of(character)
            if used + cells > width - 1 { break }
            kept.append(character)
            used += cells
        }
        return kept + "…"
    }
}

extension String {
    /// The string without the spaces at its end.
    fileprivate func trimmingTrailingSpaces() -> String {
        var end = endIndex
        while end > startIndex, self[index(before: end)] == " " { end = index(before: end) }
        return String(self[..<end])
    }
}
