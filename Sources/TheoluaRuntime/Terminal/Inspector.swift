import TheoluaCanvas
import TheoluaCore
import TheoluaTerminal

/// The inspector `run` shows with F11: the component tree (name, key, renders since the
/// panel opened, the last render's time), the selected component's props and state,
/// live, the frame's time per stage and bytes written, and, on request, the cells the
/// last frame repainted, outlined in inverse video.
///
/// While closed it holds nothing and measures nothing: render timing and the stage clock
/// are turned on when it opens and off when it closes, and keys reach the app.
struct Inspector {
    private(set) var isOpen = false
    /// Whether keys go to the app while the panel stays open (to watch what they
    /// re-render), rather than to the panel.
    private(set) var keysToApp = false
    /// Whether the cells the last frame changed are shown in inverse video.
    private(set) var showsRepaints = false
    private var baseline: [ComponentID: Int] = [:]
    private var selected = 0
    private var stages: [(name: String, time: Duration)] = []
    private var bytes = 0
    private var repainted: [Rect] = []

    /// Opens the panel: render counts start from now, and time is measured.
    mutating func open(_ runtime: Runtime) {
        isOpen = true
        baseline = Dictionary(
            runtime.componentTree.flatMap(\.all).map { ($0.id, $0.renderCount) }, uniquingKeysWith: { a, _ in a })
        runtime.reconciler.measuresRenderTimes = true
        runtime.stageClock = StageClock()
    }

    /// Closes the panel and stops measuring.
    mutating func close(_ runtime: Runtime) {
        self = Inspector()
        runtime.reconciler.measuresRenderTimes = false
        runtime.stageClock = nil
    }

    /// F11: opens the panel (keys go to it), then gives the keys to the app with the
    /// panel still open, then closes it.
    mutating func toggle(_ runtime: Runtime) {
        if !isOpen {
            open(runtime)
        } else if !keysToApp {
            keysToApp = true
        } else {
            close(runtime)
        }
    }

    /// Handles a key while the panel has the keys: moves the selection, toggles the
    /// repaint outline, or closes (esc). The app does not see it.
    mutating func handle(_ key: KeyEvent, _ runtime: Runtime) {
        let count = runtime.reconciler.componentCount
        switch key.name {
        case "esc": close(runtime)
        case "up", "k": selected = max(0, selected - 1)
        case "down", "j": selected = min(max(0, count - 1), selected + 1)
        case "pageup": selected = max(0, selected - 10)
        case "pagedown": selected = min(max(0, count - 1), selected + 10)
        case "home": selected = 0
        case "end": selected = max(0, count - 1)
        case "r": showsRepaints.toggle()
        default: break
        }
    }

    /// Takes note of the app's frame before it is shown: what each stage took since
    /// the last one, and the cells that changed since the app's previous frame.
    mutating func record(_ frame: CellBuffer, previous: CellBuffer?, runtime: Runtime) {
        if let clock = runtime.stageClock {
            stages = StageClock.Stage.allCases.map { ($0.name, clock[$0]) }
            clock.reset()
        }
        let changed = Self.changes(from: previous, to: frame)
        if !changed.isEmpty { repainted = changed }
    }

    /// Takes note of what showing the last frame wrote.
    mutating func recordOutput(bytes: Int) {
        self.bytes = bytes
    }

    /// The runs of cells that differ, row by row (every row, without a previous frame).
    static func changes(from previous: CellBuffer?, to frame: CellBuffer) -> [Rect] {
        let size = frame.size
        guard let previous, previous.size == size else {
            return size.width > 0 ? (0..<size.height).map { Rect(x: 0, y: $0, width: size.width, height: 1) } : []
        }
        var runs: [Rect] = []
        for y in 0..<size.height {
            var start: Int?
            for x in 0...size.width {
                let differs = x < size.width && previous[x, y] != frame[x, y]
                if differs, start == nil { start = x }
                if !differs, let first = start {
                    runs.append(Rect(x: first, y: y, width: x - first, height: 1))
                    start = nil
                }
            }
        }
        return runs
    }

    /// `frame` with the panel on its right (and the repaints outlined, when asked).
    func draw(over frame: CellBuffer, runtime: Runtime) -> CellBuffer {
        var buffer = frame
        if showsRepaints {
            for run in repainted { buffer.addAttributes(.inverse, in: run) }
        }
        let size = frame.size
        let width = min(size.width, max(30, size.width * 2 / 5))
        guard width >= 12, size.height >= 6 else { return buffer }
        let left = size.width - width
        let inner = width - 4
        Overlay.frame(
            Rect(x: left, y: 0, width: width, height: size.height), title: " inspector ", color: .magenta,
            in: &buffer)
        let border = CellStyle(foreground: .magenta)
        let dim = CellStyle(attributes: .dim)

        var lines: [(String, CellStyle)] = []
        let total = stages.reduce(Duration.zero) { $0 + $1.time }
        lines.append(("frame \(Self.milliseconds(total)) · \(bytes) bytes", CellStyle(attributes: .bold)))
        let stageText = stages.filter { $0.time > .zero }.map { "\($0.name) \(Self.milliseconds($0.time))" }
        for piece in Overlay.wrap(stageText.joined(separator: " · "), width: inner) { lines.append((piece, dim)) }

        let tree = runtime.componentTree
        let rows = Self.rows(tree, depth: 0)
        let chosen = rows.isEmpty ? nil : rows[min(selected, rows.count - 1)]
        lines.append(("components · renders · last render", dim))
        let treeRoom = max(1, (size.height - 2) / 2 - lines.count)
        let first = max(0, min(selected - treeRoom / 2, rows.count - treeRoom))
        for (index, row) in rows.enumerated().dropFirst(first).prefix(treeRoom) {
            let renders = row.snapshot.renderCount - (baseline[row.snapshot.id] ?? 0)
            let time = row.snapshot.lastRenderTime.map { " " + Self.milliseconds($0) } ?? ""
            let label =
                String(repeating: " ", count: row.depth * 2) + row.snapshot.name
                + (row.snapshot.key.map { " #\($0.value)" } ?? "")
            let figures = " \(max(0, renders))×\(time)"
            let room = max(0, inner - figures.count)
            let shown = label.count > room ? String(label.prefix(max(0, room - 1))) + "…" : label
            let text = shown + String(repeating: " ", count: max(0, inner - shown.count - figures.count)) + figures
            lines.append((text, index == selected ? CellStyle(attributes: .inverse) : CellStyle()))
        }

        if let chosen {
            lines.append(("", CellStyle()))
            lines.append((chosen.snapshot.name + (chosen.snapshot.key.map { " #\($0.value)" } ?? ""), border))
            for (title, value) in [("props", chosen.snapshot.props), ("state", chosen.snapshot.state)]
            where value != .null {
                for piece in Overlay.wrap("\(title) \(value.sortedForDisplay)", width: inner) {
                    lines.append((piece, CellStyle()))
                }
            }
        }

        // The panel's own keys (↑↓ select, r repaints, esc closes) while it has them.
        let footer = keysToApp ? "app has keys · F11 closes" : "↑↓ r\(showsRepaints ? "*" : "") esc · F11 app keys"
        let room = size.height - 3
        let text = Rect(x: left + 2, y: 1, width: inner, height: room)
        for (offset, line) in lines.prefix(room).enumerated() {
            buffer.write(line.0, x: left + 2, y: 1 + offset, style: line.1, clip: text)
        }
        buffer.write(String(footer.prefix(inner)), x: left + 2, y: size.height - 2, style: dim)
        return buffer
    }

    private static func rows(_ tree: [ComponentSnapshot], depth: Int) -> [(snapshot: ComponentSnapshot, depth: Int)] {
        tree.flatMap { [($0, depth)] + rows($0.children, depth: depth + 1) }
    }

    /// `0.42 ms`, `12 ms`.
    static func milliseconds(_ duration: Duration) -> String {
        let microseconds = duration.components.seconds * 1_000_000 + duration.components.attoseconds / 1_000_000_000_000
        if microseconds >= 10_000 { return "\(microseconds / 1000) ms" }
        let hundredths = (microseconds + 5) / 10
        let text = String(hundredths / 100) + "." + (hundredths % 100 < 10 ? "0" : "") + String(hundredths % 100)
        return text + " ms"
    }
}
