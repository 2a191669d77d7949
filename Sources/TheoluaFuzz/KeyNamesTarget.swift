import TheoluaTerminal

/// A `--keys` list: it parses or fails with an error, and every key it gives reads back
/// from its full name as the same key.
enum KeyNamesTarget {
    static func run(_ data: [UInt8]) -> String? {
        let text = String(decoding: data, as: UTF8.self)
        guard let keys = try? KeyEvent.parseKeys(text) else { return nil }
        for key in keys {
            guard let again = try? KeyEvent.parse(key.fullName) else {
                return "\(key.fullName.debugDescription), the name of a key of \(text.debugDescription), does not parse"
            }
            if again != key { return "\(key.fullName.debugDescription) parses as \(again), not \(key)" }
        }
        return nil
    }
}
