/// The screen a host draws on, as components see it: a context the host provides above
/// the app's root (``Reconciler/provide(_:value:)``), so the core needs to know nothing
/// of screens or of the components that read one.
///
/// Its value is the screen's height in rows, an integer. A virtualized list reads it to
/// render about that many items on each side of its selection. The runtime provides it
/// when it is made and again on each resize; a new height renders again the components
/// that used it, and only those, at the next turn. Where no host provides it, components
/// read ``defaultHeight``.
///
/// ```swift
/// reconciler.provide(Viewport.context, value: .int(40))
/// let rows = component.use(Viewport.context).intValue   // 40
/// ```
public enum Viewport {
    /// The screen's height in rows.
    public static let context = ContextKey(.int(defaultHeight), name: "viewport")

    /// The height components read where no host provides one.
    public static let defaultHeight = 24
}

extension ComponentRef {
    /// The rows of the screen the host draws on (at least one), as ``Viewport/context``
    /// provides them: the component renders again when they change.
    public var viewportHeight: Int {
        max(1, use(Viewport.context).intValue ?? Viewport.defaultHeight)
    }
}
