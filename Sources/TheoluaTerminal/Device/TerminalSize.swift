/// The size of a terminal's screen in character cells.
public struct TerminalSize: Sendable, Hashable, CustomStringConvertible {
    /// Number of columns.
    public var columns: Int
    /// Number of rows.
    public var rows: Int

    /// Creates a size of `columns` by `rows` cells.
    public init(columns: Int, rows: Int) {
        self.columns = columns
        self.rows = rows
    }

    /// The size `render` uses when none is given: 80 by 24.
    public static let standard = TerminalSize(columns: 80, rows: 24)

    /// The largest screen an app is laid out for, 2000 by 2000: a terminal reporting
    /// more (20000x20000, say) gets a canvas of this size, not one too large to allocate.
    public static let maximum = TerminalSize(columns: 2000, rows: 2000)

    /// Whether both sides are at least one cell: a terminal whose size was never set
    /// reports 0x0 (or 0 on one side), which no screen can be laid out in.
    public var isUsable: Bool { columns > 0 && rows > 0 }

    /// This size with each side at most ``maximum``'s.
    public var clampedToMaximum: TerminalSize {
        TerminalSize(columns: min(columns, Self.maximum.columns), rows: min(rows, Self.maximum.rows))
    }

    /// The `WxH` form the CLI uses, e.g. `80x24`.
    public var description: String { "\(columns)x\(rows)" }
}
