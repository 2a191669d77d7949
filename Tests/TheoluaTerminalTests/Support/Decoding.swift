import TheoluaTerminal

/// Shorthands that keep decoder tests to one line per case.
enum Decoding {
    /// Decodes `bytes` fed in one piece, then flushed as at a timeout.
    static func all(_ bytes: [UInt8]) -> [InputEvent] {
        var decoder = InputDecoder()
        return decoder.feed(bytes) + decoder.flushTimeout()
    }

    /// Decodes `bytes` fed in the given pieces, then flushed as at a timeout.
    static func pieces(_ pieces: [ArraySlice<UInt8>]) -> [InputEvent] {
        var decoder = InputDecoder()
        var events: [InputEvent] = []
        for piece in pieces {
            events += decoder.feed(piece)
        }
        return events + decoder.flushTimeout()
    }

    /// Every way of cutting `bytes` in two, plus one byte at a time.
    static func splits(_ bytes: [UInt8]) -> [[ArraySlice<UInt8>]] {
        var result = (0...bytes.count).map { [bytes[..<$0], bytes[$0...]] }
        result.append(bytes.indices.map { bytes[$0...$0] })
        return result
    }
}

/// Builds events tersely: `key("ctrl+c")`, `key("j")`.
func key(_ name: String) -> InputEvent {
    .key((try? KeyEvent.parse(name)) ?? KeyEvent(name: "<unparsable \(name)>", text: nil))
}

extension Array where Element == UInt8 {
    /// The UTF-8 bytes of a string, with `^[` standing for ESC to keep tables readable.
    static func terminal(_ text: String) -> [UInt8] {
        Array(text.replacingEscapes.utf8)
    }
}

extension String {
    fileprivate var replacingEscapes: String {
        var result = ""
        var rest = Substring(self)
        while let range = rest.firstRange(of: "^[") {
            result += rest[..<range.lowerBound] + "\u{1B}"
            rest = rest[range.upperBound...]
        }
        return result + rest
    }
}
