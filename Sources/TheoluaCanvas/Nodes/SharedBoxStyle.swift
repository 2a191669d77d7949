import TheoluaLock

/// A box style and the flex-item values layout reads of it, immutable and shared by
/// every node whose style is equal: a style is some 250 bytes, and the nodes of a long
/// list have a handful of different ones.
final class SharedBoxStyle: Sendable {
    let style: BoxStyle
    let item: FlexItem

    private init(_ style: BoxStyle) {
        self.style = style
        item = FlexItem(style)
    }

    /// The default style, which most text nodes have.
    static let `default` = SharedBoxStyle(BoxStyle())

    /// The most styles kept for sharing; past it the table starts over (nodes keep the
    /// styles they hold), so styles that keep changing cannot grow it without end.
    private static let capacity = 4096

    /// The styles made so far, and the last one asked for (the rows of a list ask for
    /// the same style in turn, which a comparison answers without hashing). Canvases on
    /// different threads may make nodes at once.
    private static let table = Locked<(styles: [BoxStyle: SharedBoxStyle], last: SharedBoxStyle)>(([:], .default))

    /// The shared copy of `style`.
    static func interned(_ style: BoxStyle) -> SharedBoxStyle {
        if style == Self.default.style { return .default }
        return table.withLock { table in
            if table.last.style == style { return table.last }
            let shared: SharedBoxStyle
            if let known = table.styles[style] {
                shared = known
            } else {
                if table.styles.count >= capacity { table.styles.removeAll(keepingCapacity: true) }
                shared = SharedBoxStyle(style)
                table.styles[style] = shared
            }
            table.last = shared
            return shared
        }
    }
}
