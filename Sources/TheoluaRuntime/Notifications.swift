import TheoluaCanvas
import TheoluaCore

/// A toast: what `ui.notify(message, { kind, timeout })` shows in the screen's
/// bottom-right corner, newest at the bottom, until its timeout passes or the user
/// dismisses it (a click on it, or esc for the newest).
public struct Notification: Sendable, Hashable, Identifiable {
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        case info, success, warning, error
    }

    public let id: Int
    public let message: String
    public let kind: Kind
}

/// The toasts shown, and the timers that take them away.
struct Toasts {
    var shown: [Notification] = []
    var timers: [Int: TimerToken] = [:]
    var nextID = 1

    /// The widest a toast is, border included.
    static let width = 44
    /// The most lines of a message shown; the rest is cut with `…`.
    static let lines = 4
}

extension Runtime {
    /// The toasts shown now, oldest first.
    public var notifications: [Notification] { toasts.shown }

    /// Shows a toast, as `ui.notify` does: for `timeout` (nil: until dismissed).
    @discardableResult
    public func notify(_ message: String, kind: Notification.Kind = .info, timeout: Duration? = .seconds(4)) -> Int {
        let id = toasts.nextID
        toasts.nextID += 1
        toasts.shown.append(Notification(id: id, message: message, kind: kind))
        if let timeout, timeout > .zero {
            toasts.timers[id] = runLoop.schedule(at: runLoop.now + timeout) { [weak self] in
                self?.dismissNotification(id)
            }
        }
        return id
    }

    /// Takes away the toast `id`, or the newest when nil; returns whether there was one.
    @discardableResult
    public func dismissNotification(_ id: Int? = nil) -> Bool {
        guard let id = id ?? toasts.shown.last?.id, let index = toasts.shown.firstIndex(where: { $0.id == id }) else {
            return false
        }
        toasts.shown.remove(at: index)
        if let timer = toasts.timers.removeValue(forKey: id) { runLoop.cancel(timer) }
        return true
    }

    /// The toast drawn at a cell of the screen, if any.
    func notification(atX x: Int, y: Int) -> Int? {
        guard !toasts.shown.isEmpty else { return nil }
        let screen = host.buffer
        return placedToasts(width: screen.width, height: screen.height).first { $0.box.contains(x: x, y: y) }?.toast.id
    }

    /// `frame` with the toasts drawn over its bottom-right corner.
    func drawingToasts(over frame: CellBuffer) -> CellBuffer {
        var screen = frame
        for (toast, box, lines) in placedToasts(width: frame.width, height: frame.height) {
            Self.draw(toast, lines: lines, in: box, into: &screen)
        }
        return screen
    }

    /// Where the toasts go on a screen of `width`×`height` cells: stacked up from its
    /// bottom-right corner, newest lowest, as many as fit.
    private func placedToasts(width: Int, height: Int) -> [(toast: Notification, box: Rect, lines: [String])] {
        guard width >= 6, height >= 3 else { return [] }
        var placed: [(toast: Notification, box: Rect, lines: [String])] = []
        var bottom = height
        for toast in toasts.shown.reversed() {
            let boxWidth = min(Toasts.width, width - 1)
            let lines = Self.wrap(toast.message, width: boxWidth - 4)
            let boxHeight = lines.count + 2
            guard bottom - boxHeight >= 0 else { break }
            placed.append((toast, Rect(x: width - boxWidth - 1, y: bottom - boxHeight, width: boxWidth, height: boxHeight), lines))
            bottom -= boxHeight
        }
        return placed
    }

    private static func draw(_ toast: Notification, lines: [String], in box: Rect, into screen: inout CellBuffer) {
        let border = CellStyle(foreground: color(of: toast.kind))
        screen.fill(box)
        let inner = String(repeating: "─", count: box.width - 2)
        screen.write("╭" + inner + "╮", x: box.x, y: box.y, style: border)
        screen.write("╰" + inner + "╯", x: box.x, y: box.maxY - 1, style: border)
        for (row, line) in lines.enumerated() {
            let y = box.y + 1 + row
            screen.write("│", x: box.x, y: y, style: border)
            screen.write("│", x: box.maxX - 1, y: y, style: border)
            screen.write(line, x: box.x + 2, y: y, clip: Rect(x: box.x + 2, y: y, width: box.width - 4, height: 1))
        }
    }

    private static func color(of kind: Notification.Kind) -> Color {
        switch kind {
        case .info: .cyan
        case .success: .green
        case .warning: .yellow
        case .error: .red
        }
    }

    /// `message` in lines of at most `width` cells, broken after spaces where it can be,
    /// at most ``Toasts/lines`` of them (the last ending in `…` when cut).
    static func wrap(_ message: String, width: Int) -> [String] {
        guard width > 0 else { return [""] }
        var lines: [String] = []
        for paragraph in message.split(separator: "\n", omittingEmptySubsequences: false) {
            var line = ""
            var used = 0
            var lastSpace: (index: String.Index, used: Int)?
            for character in paragraph {
                let cells = UnicodeWidth.of(character)
                if used + cells > width {
                    if let space = lastSpace {
                        let rest = String(line[line.index(after: space.index)...])
                        lines.append(String(line[..<space.index]))
                        line = rest
                        used -= space.used + 1
                    } else {
                        lines.append(line)
                        line = ""
                        used = 0
                    }
                    lastSpace = nil
                }
                if character == " " { lastSpace = (line.endIndex, used) }
                line.append(character)
                used += cells
            }
            lines.append(line)
        }
        if lines.count > Toasts.lines {
            lines = Array(lines.prefix(Toasts.lines))
            var last = lines[Toasts.lines - 1]
            while !last.isEmpty, last.reduce(0, { $0 + UnicodeWidth.of($1) }) + 1 > width { last.removeLast() }
            lines[Toasts.lines - 1] = last + "…"
        }
        return lines
    }
}
