import TheoluaCanvas
import TheoluaCore

/// What the host needs to know of a primitive, a kind of host node (`text`, `box`,
/// `input`, …): the canvas node it draws on, when it takes focus, what its children
/// are, and how to make its widget. The host keeps one spec per kind, from the widget
/// specs it is given (``BuiltIn`` and what a program registers), and asks no widget
/// what it is.
public final class PrimitiveSpec: Sendable {
    /// When a primitive takes focus.
    public enum Focus: Sendable {
        /// Never (a text, a footer).
        case never
        /// When its props ask for it with `focusable = true` (a box).
        case whenAsked
        /// Unless its props refuse it with `focusable = false` (a button, an input).
        case unlessRefused
    }

    /// The host node kind (`Element.host(kind, ...)`).
    public let kind: String
    /// The kind of the canvas node its widget draws on.
    public let canvasKind: CanvasNode.Kind
    /// When it takes focus.
    public let focus: Focus
    /// Whether its children wait, as deferred canvas nodes, until its layout reaches them
    /// (a scroll's rows out of view cost nothing until then).
    public let defersChildren: Bool
    /// The keys its widget answers while focused, as its widget spec declares them:
    /// `ui.keyhints` lists those shown.
    public let bindings: [KeyBinding]
    /// Makes the widget, drawn on `node` (a deferred node made before) when given.
    public let makeWidget: @Sendable (_ node: CanvasNode?) -> any HostWidget

    /// A primitive of `kind`, drawn on a node of `canvasKind` by the widget `makeWidget`
    /// makes.
    public init(
        kind: String, canvasKind: CanvasNode.Kind = .box, focus: Focus = .never, defersChildren: Bool = false,
        bindings: [KeyBinding] = [], makeWidget: @escaping @Sendable (_ node: CanvasNode?) -> any HostWidget
    ) {
        self.kind = kind
        self.bindings = bindings
        self.canvasKind = canvasKind
        self.focus = focus
        self.defersChildren = defersChildren
        self.makeWidget = makeWidget
    }

    /// Whether a primitive of this kind takes focus with `props`.
    @inline(__always)
    public func isFocusable(_ props: Record) -> Bool {
        switch focus {
        case .never: false
        case .whenAsked: props["focusable"]?.boolValue == true
        case .unlessRefused: props["focusable"]?.boolValue != false
        }
    }
}
