import TheoluaCore

/// A `--props` text: it parses or fails with an error (never deeper than the limit), and
/// what it parses to is written and parsed back to the same value.
enum JSONTarget {
    static func run(_ data: [UInt8]) -> String? {
        let text = String(decoding: data, as: UTF8.self)
        guard let value = try? Value.parseJSON(text, maximumDepth: 64) else { return nil }
        let written = value.jsonText
        guard let again = try? Value.parseJSON(written, maximumDepth: 64) else {
            return "\(text.debugDescription) parses, but its JSON \(written.debugDescription) does not"
        }
        if !same(again, value) { return "\(text.debugDescription) does not read back: \(written.debugDescription)" }
        return nil
    }

    /// Equality that takes NaN-free doubles bit for bit apart from -0 and 0 alike.
    private static func same(_ a: Value, _ b: Value) -> Bool {
        switch (a, b) {
        case (.double(let x), .double(let y)): return x == y
        case (.array(let x), .array(let y)): return x.count == y.count && zip(x, y).allSatisfy { same($0, $1) }
        case (.record(let x), .record(let y)):
            return x.count == y.count && zip(x, y).allSatisfy { $0.0 == $1.0 && same($0.1, $1.1) }
        default: return a == b
        }
    }
}
