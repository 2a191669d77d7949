/// The screen a host draws on, as components see it: a context the host provides above
/// the app's root (``Reconciler/provide(_:value:)``), so the core needs to know nothing
/// of screens or of the components that read one.
///
/// Its value is the screen's height in rows, an integer. A virtualized list reads it to
/// render about that many items on each side of its selection. Its width in columns is a
/// context of its own (``widthContext``), so that a table, which renders only the columns
/// that can reach the screen, renders again when the width changes and a list does not.
/// The runtime provides both when it is made and again on each resize; a new value
/// renders again the components that used it, and only those, at the next turn. Where no
/// host provides them, components read ``defaultHeight`` and ``defaultWidth``.
///
/// ```swift
/// reconciler.provide(Viewport.context, value: .int(40))
/// let rows = component.use(Viewport.context).intValue   // 40
/// ```
public enum Viewport {
    /// The screen's height in rows.
    public static let context = ContextKey(.int(defaultHeight), name: "viewport")

    /// The screen's width in columns.
    public static let widthContext = ContextKey(.int(defaultWidth), name: "viewport width")

    /// The height components read where no host provides one.
    public static let defaultHeight = 24

    /// The width components read where no host provides one.
    public static let defaultWidth = 80
}

extension ComponentRef {
    /// The rows of the screen the host draws on (at least one), as ``Viewport/context``
    /// provides them: the component renders again when they change.
    public var viewportHeight: Int {
        max(1, use(Viewport.context).intValue ?? Viewport.defaultHeight)
    }

    /// The columns of the screen the host draws on (at least one), as
    /// ``Viewport/widthContext`` provides them: the component renders again when they change.
    public var viewportWidth: Int {
        max(1, use(Viewport.widthContext).intValue ?? Viewport.defaultWidth)
    }
}
