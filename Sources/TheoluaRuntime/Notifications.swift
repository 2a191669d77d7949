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
        Overlay.frame(box, title: "", color: color(of: toast.kind), in: &screen)
        for (row, line) in lines.enumerated() {
            let y = box.y + 1 + row
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

    /// `message` in lines of at most `width` cells, broken at spaces where it can be (as
    /// the runtime's panels break theirs), at most ``Toasts/lines`` of them (the last
    /// ending in `…` when cut).
    static func wrap(_ message: String, width: Int) -> [String] {
        guard width > 0 else { return [""] }
        var lines = message.split(separator: "\n", omittingEmptySubsequences: false).flatMap {
            Overlay.wrap(String($0), width: width)
        }
        if lines.count > Toasts.lines {
            lines = Array(lines.prefix(Toasts.lines))
            var last = lines[Toasts.lines - 1]
            while !last.isEmpty, UnicodeWidth.of(last) + 1 > width { last.removeLast() }
            lines[Toasts.lines - 1] = last + "…"
        }
        return lines
    }
}
