import TheoluaTerminal

/// A `--keys` list: it parses or fails with an error; every key it gives reads back
/// from its full name as the same key, and every mouse event is at a cell a mouse item
/// can name.
enum KeyNamesTarget {
    static func run(_ data: [UInt8]) -> String? {
        let text = String(decoding: data, as: UTF8.self)
        guard let events = try? InputEvent.parse(script: text) else { return nil }
        for event in events {
            switch event {
            case .key(let key):
                guard let again = try? KeyEvent.parse(key.fullName) else {
                    return
                        "\(key.fullName.debugDescription), the name of a key of \(text.debugDescription), does not parse"
                }
                if again != key { return "\(key.fullName.debugDescription) parses as \(again), not \(key)" }
            case .mouse(let mouse):
                let range = 0...InputEvent.maximumMouseCell
                if !range.contains(mouse.x) || !range.contains(mouse.y) {
                    return "\(text.debugDescription) gave \(mouse), outside the cells an item can name"
                }
            case .paste:
                return "\(text.debugDescription) gave a paste"
            }
        }
        return nil
    }
}
