import TheoluaCanvas
import TheoluaWidgets

/// What the help overlay (`ui.help`, F1) lists: a group of bindings and who answers them.
struct HelpGroup: Equatable {
    var title: String
    var bindings: [KeyBinding]
}

extension Overlay {
    /// Draws the help overlay listing `groups` in the middle of `screen`: a panel with
    /// each group's title and its keys and what they do, cut to the screen (the last row
    /// then `…`).
    static func help(_ groups: [HelpGroup], border: Color, key: Color, label: Color, in screen: inout CellBuffer) {
        var lines: [(key: String, label: String, title: Bool)] = []
        for group in groups where !group.bindings.isEmpty {
            if !lines.isEmpty { lines.append(("", "", false)) }
            lines.append((group.title, "", true))
            for binding in group.bindings {
                lines.append((binding.display ?? binding.keys.joined(separator: ", "), binding.label, false))
            }
        }
        if lines.isEmpty { lines = [("", "no keys in reach", false)] }
        let keyWidth = min(24, lines.filter { !$0.title }.map { UnicodeWidth.of($0.key) }.max() ?? 0)
        let widest = lines.map { $0.title ? UnicodeWidth.of($0.key) : keyWidth + 2 + UnicodeWidth.of($0.label) }.max() ?? 0
        let boxWidth = min(screen.width, widest + 4)
        let boxHeight = min(screen.height, lines.count + 2)
        guard boxWidth >= 4, boxHeight >= 3 else { return }
        let box = Rect(
            x: (screen.width - boxWidth) / 2, y: (screen.height - boxHeight) / 2, width: boxWidth, height: boxHeight)
        frame(box, title: boxWidth >= 10 ? " Keys " : "", color: border, in: &screen)
        let inner = Rect(x: box.x + 2, y: box.y + 1, width: boxWidth - 4, height: boxHeight - 2)
        for row in 0..<inner.height {
            let y = inner.y + row
            // What does not fit ends in a mark saying so.
            if row == inner.height - 1 && lines.count > inner.height {
                screen.write("…", x: inner.x, y: y, style: CellStyle(foreground: label), clip: inner)
                continue
            }
            let line = lines[row]
            if line.title {
                screen.write(line.key, x: inner.x, y: y, style: CellStyle(attributes: .bold), clip: inner)
            } else {
                screen.write(line.key, x: inner.x, y: y, style: CellStyle(foreground: key, attributes: .bold), clip: inner)
                screen.write(line.label, x: inner.x + keyWidth + 2, y: y, style: CellStyle(foreground: label), clip: inner)
            }
        }
    }
}
