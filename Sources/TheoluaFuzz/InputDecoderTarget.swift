import TheoluaTerminal

/// Terminal bytes, decoded at once and decoded in pieces (the input says where to cut):
/// the events must be the same, and a paste must hold exactly the text sent.
enum InputDecoderTarget {
    static func run(_ data: [UInt8]) -> String? {
        guard let cuts = data.first else { return nil }
        let bytes = Array(data.dropFirst())
        var whole = InputDecoder()
        let once = whole.feed(bytes) + whole.flushTimeout()
        var pieces = InputDecoder()
        var split: [InputEvent] = []
        var start = 0
        var step = Int(cuts % 7) + 1
        while start < bytes.count {
            let end = min(bytes.count, start + step)
            split += pieces.feed(bytes[start..<end])
            start = end
            step = (step * 3 + Int(cuts)) % 11 + 1
        }
        split += pieces.flushTimeout()
        guard once == split else { return "decoding in pieces gave \(split), at once \(once)" }
        if whole.hasPendingInput || pieces.hasPendingInput { return "bytes pending after a flush" }
        for case .mouse(let mouse) in once where mouse.x < 0 || mouse.y < 0 {
            return "a mouse report at \(mouse.x),\(mouse.y), off the screen"
        }
        // A bracketed paste of plain text arrives as exactly that text.
        let text = String(decoding: bytes.filter { $0 >= 0x20 && $0 < 0x7F && $0 != 0x1B }, as: UTF8.self)
        var paste = InputDecoder()
        let pasted = paste.feed(Array("\u{1B}[200~".utf8) + Array(text.utf8) + Array("\u{1B}[201~".utf8))
        if !text.isEmpty && pasted != [.paste(text)] { return "a paste of \(text.debugDescription) gave \(pasted)" }
        return nil
    }
}
