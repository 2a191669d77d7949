import TheoluaCanvas

/// Panels drawn over the app's last frame: the error overlay and the log view.
enum Overlay {
    /// Draws `message` in a red-bordered panel at the bottom of `frame`.
    static func error(_ message: String, over frame: CellBuffer) -> CellBuffer {
        panel(
            title: " error — fix and save to reload ", lines: message.split(separator: "\n").map(String.init),
            color: .red, maxHeight: frame.size.height / 2, over: frame, fill: false)
    }

    /// Draws the last lines of `log` in a panel over the whole frame.
    static func log(_ log: [String], over frame: CellBuffer) -> CellBuffer {
        panel(
            title: " log — F12 to close ", lines: log.isEmpty ? ["(nothing printed yet)"] : log,
            color: .cyan, maxHeight: frame.size.height, over: frame, fill: true)
    }

    private static func panel(
        title: String, lines: [String], color: Color, maxHeight: Int, over frame: CellBuffer, fill: Bool
    ) -> CellBuffer {
        var buffer = frame
        let width = frame.size.width
        guard width >= 4, frame.size.height >= 3 else { return buffer }
        let inner = width - 4
        var wrapped: [String] = []
        for line in lines {
            var rest = Substring(line)
            repeat {
                var piece = ""
                var used = 0
                while let character = rest.first {
                    let cells = UnicodeWidth.of(character)
                    if used + cells > inner { break }
                    piece.append(character)
                    used += cells
                    rest = rest.dropFirst()
                }
                if piece.isEmpty && !rest.isEmpty { rest = rest.dropFirst() }
                wrapped.append(piece)
            } while !rest.isEmpty
        }
        let height = fill ? max(3, maxHeight) : min(max(3, maxHeight), wrapped.count + 2)
        let shown = Array(wrapped.suffix(height - 2))
        let top = frame.size.height - height
        let border = CellStyle(foreground: color)
        let text = CellStyle()
        for y in top..<(top + height) {
            for x in 0..<width { buffer.put(" ", x: x, y: y, style: text) }
        }
        let horizontal = String(repeating: "─", count: width - 2)
        buffer.write("╭" + horizontal + "╮", x: 0, y: top, style: border)
        buffer.write("╰" + horizontal + "╯", x: 0, y: top + height - 1, style: border)
        buffer.write(String(title.prefix(max(0, width - 4))), x: 2, y: top, style: border)
        for row in 1..<(height - 1) {
            buffer.write("│", x: 0, y: top + row, style: border)
            buffer.write("│", x: width - 1, y: top + row, style: border)
        }
        for (index, line) in shown.enumerated() {
            buffer.write(line, x: 2, y: top + 1 + index, style: text)
        }
        return buffer
    }
}
