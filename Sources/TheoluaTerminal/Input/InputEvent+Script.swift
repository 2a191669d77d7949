extension InputEvent {
    /// Reads a script of input, as `render --keys` and `app:press` take it: items
    /// separated by spaces, each a key name (``KeyEvent/parse(_:)``), `text:abc` (types
    /// each character of `abc`), or a mouse item at the cell `X,Y` (the column and the
    /// row, from 0 at the screen's top-left cell):
    ///
    /// | item | events |
    /// |---|---|
    /// | `click:X,Y` | the left button pressed and released there |
    /// | `click:right@X,Y`, `click:middle@X,Y` | another button's click |
    /// | `wheel:up@X,Y`, `wheel:down@X,Y` | one wheel step (also `left`, `right`) |
    /// | `mousedown:X,Y`, `drag:X,Y`, `mouseup:X,Y` | a press, a move with the left button held, a release (`right@`, `middle@` as for clicks) |
    /// | `shift+click:X,Y`, `alt+drag:X,Y`, … | the same with modifiers held (`ctrl+`, `alt+`, `shift+`) |
    ///
    /// `"down click:4,2 wheel:down@10,5 text:hi"` is a key, a click (two events), a
    /// wheel step and two typed characters.
    ///
    /// - Throws: ``KeyNameError`` for the first item that cannot be read.
    public static func parse(script: String) throws(KeyNameError) -> [InputEvent] {
        try parse(script: script, readingMouseItems: true)
    }

    /// The events of `script`; without `readingMouseItems`, a mouse item is read as a
    /// key name (and so is unknown).
    static func parse(script: String, readingMouseItems: Bool) throws(KeyNameError) -> [InputEvent] {
        var events: [InputEvent] = []
        for item in script.split(whereSeparator: \.isWhitespace) {
            let item = String(item)
            if item.hasPrefix(KeyEvent.textPrefix) {
                events += item.dropFirst(KeyEvent.textPrefix.count).map { .key(.character($0)) }
            } else if readingMouseItems, let mouse = try mouseEvents(item) {
                events += mouse.map(InputEvent.mouse)
            } else {
                events.append(.key(try KeyEvent.parse(item)))
            }
        }
        return events
    }

    /// The largest column or row a mouse item may name.
    public static let maximumMouseCell = 100_000

    /// The events of a mouse item, or nil when `item` is not one (a key name).
    private static func mouseEvents(_ item: String) throws(KeyNameError) -> [MouseEvent]? {
        guard let colon = item.firstIndex(of: ":"), colon != item.startIndex else { return nil }
        var verb = item[..<colon]
        let rest = item[item.index(after: colon)...]
        var modifiers: (ctrl: Bool, alt: Bool, shift: Bool) = (false, false, false)
        while true {
            if verb.hasPrefix("ctrl+") {
                modifiers.ctrl = true
            } else if verb.hasPrefix("alt+") {
                modifiers.alt = true
            } else if verb.hasPrefix("shift+") {
                modifiers.shift = true
            } else {
                break
            }
            verb = verb[verb.index(after: verb.firstIndex(of: "+") ?? verb.startIndex)...]
        }
        let kinds: [MouseEvent.Kind]
        switch verb {
        case "click": kinds = [.press, .release]
        case "wheel": kinds = [.wheel]
        case "mousedown": kinds = [.press]
        case "drag": kinds = [.drag]
        case "mouseup": kinds = [.release]
        default: return nil
        }
        var button: MouseEvent.Button = .left
        var cell = rest
        if let at = rest.firstIndex(of: "@") {
            let name = rest[..<at]
            cell = rest[rest.index(after: at)...]
            let allowed: [MouseEvent.Button] =
                verb == "wheel" ? [.up, .down, .wheelLeft, .wheelRight] : [.left, .middle, .right]
            let names = allowed.map { $0 == .wheelLeft ? "left" : $0 == .wheelRight ? "right" : $0.rawValue }
            guard let index = names.firstIndex(of: String(name)) else {
                throw .badMouse(name: item, reason: "'\(name)' is not one of \(names.joined(separator: ", "))")
            }
            button = allowed[index]
        } else if verb == "wheel" {
            throw .badMouse(name: item, reason: "say which way, as in wheel:up@X,Y or wheel:down@X,Y")
        }
        let parts = cell.split(separator: ",", omittingEmptySubsequences: false)
        guard parts.count == 2, let x = Int(parts[0]), let y = Int(parts[1]),
            (0...maximumMouseCell).contains(x), (0...maximumMouseCell).contains(y)
        else {
            throw .badMouse(
                name: item,
                reason: "give the cell as X,Y, two whole numbers from 0 (column, then row), as in \(verb):3,4")
        }
        return kinds.map {
            MouseEvent($0, button, x: x, y: y, ctrl: modifiers.ctrl, alt: modifiers.alt, shift: modifiers.shift)
        }
    }
}
