import TheoluaLock

/// A hyperlink a cell belongs to (OSC 8): cells of one link are one clickable run in
/// terminals that support them, and plain text in those that do not.
///
/// A link is a 16-bit number for its URL, interned once per process, so that a cell
/// stays as small and as cheap to compare as before; a process that shows more than
/// ``capacity`` different URLs shows the rest as plain text.
public struct Hyperlink: Sendable, Hashable {
    /// 0 for none, else the URL's number plus one.
    let number: UInt16

    /// No link.
    public static let none = Hyperlink(number: 0)

    /// The most different URLs a process links.
    public static let capacity = 65_000

    /// The longest URL linked (a longer one is shown without its link).
    public static let longestURL = 2048

    private struct Table {
        var numbers: [String: UInt16] = [:]
        var urls: [String] = []
    }

    private static let table = Locked(Table())

    private init(number: UInt16) {
        self.number = number
    }

    /// The link to `url`; none when it is empty, too long, holds a control character
    /// (C0, DEL or C1: an 8-bit ST or CSI would end the OSC 8 sequence early), or the
    /// table is full.
    public init(url: String) {
        guard !url.isEmpty, url.utf8.count <= Self.longestURL, TerminalText.isPlain(url) else {
            self = .none
            return
        }
        let number: UInt16 = Self.table.withLock { table in
            if let known = table.numbers[url] { return known }
            guard table.urls.count < Self.capacity else { return 0 }
            table.urls.append(url)
            let number = UInt16(table.urls.count)
            table.numbers[url] = number
            return number
        }
        self.number = number
    }

    /// The URL, or nil for none.
    public var url: String? {
        guard number > 0 else { return nil }
        return Self.table.withLock { $0.urls[Int(number) - 1] }
    }
}
