extension CellBuffer {
    /// The screen as plain text: exactly `height` lines, trailing spaces removed.
    public var lines: [String] {
        (0..<height).map { plainLine($0) }
    }

    /// The screen as one string: `lines` joined with newlines, as `theolua render` prints it.
    public var text: String { lines.joined(separator: "\n") }

    /// The screen with colors and attributes as SGR escape codes: exactly `height` lines.
    ///
    /// Each line starts with the default pen and ends with it (a reset is written when
    /// needed), so lines can be printed on their own. Trailing blank cells in the
    /// default style are left out; styled trailing cells (a background) are kept.
    public var ansiLines: [String] {
        (0..<height).map { ansiLine($0) }
    }

    /// The screen with escape codes as one string: `ansiLines` joined with newlines.
    public var ansiText: String { ansiLines.joined(separator: "\n") }

    /// The screen with escape codes, its colors mapped to `depth`.
    public func ansiText(colors depth: ColorDepth) -> String {
        var colors = ColorAdapter(depth)
        return (0..<height).map { ansiLine($0, &colors) }.joined(separator: "\n")
    }

    /// One row as plain text with trailing spaces removed.
    public func plainLine(_ row: Int) -> String {
        guard row >= 0, row < height else { return "" }
        var line = ""
        line.reserveCapacity(width)
        let start = row * width
        for column in 0..<width where cells[start + column].width != 0 {
            line += cells[start + column].text
        }
        while line.last == " " { line.removeLast() }
        return line
    }

    /// One row with SGR escape codes, starting and ending with the default pen, its
    /// colors mapped to `depth`.
    public func ansiLine(_ row: Int, colors depth: ColorDepth = .truecolor) -> String {
        var colors = ColorAdapter(depth)
        return ansiLine(row, &colors)
    }

    private func ansiLine(_ row: Int, _ colors: inout ColorAdapter) -> String {
        guard row >= 0, row < height else { return "" }
        let start = row * width
        var end = width
        while end > 0, cells[start + end - 1] == .blank { end -= 1 }
        var bytes: [UInt8] = []
        var pen = CellStyle.plain
        for column in 0..<end {
            let cell = cells[start + column]
            if cell.width == 0 { continue }
            let style = colors.adapt(cell.style)
            SGR.appendTransition(from: pen, to: style, into: &bytes)
            pen = style
            bytes.append(contentsOf: cell.text.utf8)
        }
        SGR.appendTransition(from: pen, to: .plain, into: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }
}
