/// Cuts a byte stream into lines: on `\n`, with a `\r` before it dropped. The bytes
/// after the last newline wait for more, and come out as a last line at the end.
///
/// A line longer than ``limit`` bytes is cut there, so that output without newlines
/// cannot grow memory without bound.
public struct LineSplitter: Sendable {
    private var partial: [UInt8] = []
    /// The longest line handed out whole.
    public let limit: Int

    public init(limit: Int = 1 << 20) {
        self.limit = limit
    }

    /// The lines `bytes` completes.
    public mutating func feed(_ bytes: some Collection<UInt8>) -> [[UInt8]] {
        var lines: [[UInt8]] = []
        for byte in bytes {
            if byte == UInt8(ascii: "\n") {
                lines.append(take())
            } else {
                partial.append(byte)
                if partial.count >= limit { lines.append(take()) }
            }
        }
        return lines
    }

    /// The last line, if bytes came after the last newline.
    public mutating func finish() -> [UInt8]? {
        partial.isEmpty ? nil : take()
    }

    private mutating func take() -> [UInt8] {
        if partial.last == UInt8(ascii: "\r") { partial.removeLast() }
        defer { partial.removeAll(keepingCapacity: true) }
        return partial
    }
}
