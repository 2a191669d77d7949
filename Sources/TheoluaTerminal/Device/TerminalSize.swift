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

    /// The `WxH` form the CLI uses, e.g. `80x24`.
    public var description: String { "\(columns)x\(rows)" }
}
