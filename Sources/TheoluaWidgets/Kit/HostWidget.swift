import TheoluaCanvas
import TheoluaCore
import TheoluaTerminal

/// Calls a handler with arguments: the runtime passes the reconciler's `dispatch`.
public typealias HandlerDispatch = (Handler, [Value]) -> DispatchOutcome

/// What a primitive is on the canvas and at the keyboard: its canvas nodes, how its
/// props and focus look, and what it does with keys when focused. The host makes one
/// for each mounted host node its ``PrimitiveSpec`` names, and talks to it only through
/// this protocol and the capabilities below (``FittingWidget``, ``BindingsDisplay``).
public protocol HostWidget: AnyObject {
    /// The outermost canvas node, the one its parent's container holds.
    var node: CanvasNode { get }

    /// The canvas node host children go into; nil for primitives without children.
    var container: CanvasNode? { get }

    /// Maps `props` into the canvas nodes; `old` is nil on mount. Assigning an unchanged
    /// style or text is free, so only what changed is laid out and painted again.
    func apply(_ props: Record, old: Record?)

    /// Shows focus, or stops showing it.
    func setFocused(_ focused: Bool)

    /// The primitive's own behaviour for a key while focused; returns whether it used it.
    func handleKey(_ key: KeyEvent, props: Record, dispatch: HandlerDispatch) -> Bool

    /// The primitive's own behaviour for pasted text while focused; returns whether it used it.
    func handlePaste(_ text: String, props: Record, dispatch: HandlerDispatch) -> Bool

    /// The primitive's own behaviour for a click of the left button at (`x`, `y`) of its
    /// own cells, where `child` is the index of its child under the pointer, if any;
    /// returns whether it used it.
    func handleClick(atX x: Int, y: Int, child: Int?, props: Record, dispatch: HandlerDispatch) -> Bool

    /// The primitive's own behaviour for the left button pressed on it, dragged and
    /// released (inputs and textareas select with it); returns, for the press, whether
    /// it takes the drag that follows. A primitive that takes it gets no click for it.
    func handlePointer(_ pointer: PointerEvent, props: Record, dispatch: HandlerDispatch) -> Bool

    /// The primitive's own behaviour for a wheel step over it; returns whether it used it.
    func handleWheel(_ direction: MouseEvent.Button, props: Record, dispatch: HandlerDispatch) -> Bool

    /// Only the event handlers among the props changed (`on…`, re-created closures):
    /// a widget that keeps one rather than reading it from the props refreshes it.
    func handlersChanged(_ props: Record)

    /// Tells the widget whether it sits directly in the root container, which gives the
    /// app's root the whole canvas.
    func setTopLevel(_ topLevel: Bool, props: Record)

    /// The widget in each role the host connects when it is made, or nil: given by the
    /// role's protocol, so the host casts nothing (a type's first cast to a protocol
    /// searches every conformance the program holds, thousands of them).
    var asFitting: (any FittingWidget)? { get }
    var asClipboard: (any ClipboardWidget)? { get }
    var asHelpDisplay: (any HelpDisplay)? { get }
    var asCalling: (any CallingWidget)? { get }
    var asBindingsDisplay: (any BindingsDisplay)? { get }
}

/// Defaults for primitives that never take focus or keys.
extension HostWidget {
    /// No focus look.
    public func setFocused(_ focused: Bool) {}
    public func setTopLevel(_ topLevel: Bool, props: Record) {}
    /// Uses no keys.
    public func handleKey(_ key: KeyEvent, props: Record, dispatch: HandlerDispatch) -> Bool { false }
    /// Uses no pastes.
    public func handlePaste(_ text: String, props: Record, dispatch: HandlerDispatch) -> Bool { false }
    /// Does nothing on a click.
    public func handleClick(atX x: Int, y: Int, child: Int?, props: Record, dispatch: HandlerDispatch) -> Bool {
        false
    }
    /// Takes no drags.
    public func handlePointer(_ pointer: PointerEvent, props: Record, dispatch: HandlerDispatch) -> Bool { false }
    /// Does not scroll.
    public func handleWheel(_ direction: MouseEvent.Button, props: Record, dispatch: HandlerDispatch) -> Bool { false }
    /// Keeps no handler: they are read from the props when events come.
    public func handlersChanged(_ props: Record) {}
    /// In none of the roles; each role's protocol says otherwise.
    public var asFitting: (any FittingWidget)? { nil }
    public var asClipboard: (any ClipboardWidget)? { nil }
    public var asHelpDisplay: (any HelpDisplay)? { nil }
    public var asCalling: (any CallingWidget)? { nil }
    public var asBindingsDisplay: (any BindingsDisplay)? { nil }
}

extension FittingWidget {
    public var asFitting: (any FittingWidget)? { self }
}

extension ClipboardWidget {
    public var asClipboard: (any ClipboardWidget)? { self }
}

extension HelpDisplay {
    public var asHelpDisplay: (any HelpDisplay)? { self }
}

extension CallingWidget {
    public var asCalling: (any CallingWidget)? { self }
}

extension BindingsDisplay {
    public var asBindingsDisplay: (any BindingsDisplay)? { self }
}

/// The left button over a primitive that selects with it: pressed (once, twice or three
/// times in a row on one cell), dragged, released.
public struct PointerEvent: Sendable, Hashable {
    public enum Phase: Sendable, Hashable {
        case press
        case drag
        case release
    }

    public var phase: Phase
    /// The cell, in the primitive's own cells (from 0 at its top-left corner, border
    /// included); outside them when a drag has left it.
    public var x: Int
    public var y: Int
    /// How many presses in a row this one is: 2 for a double-click (a word), 3 for a
    /// triple-click (a line).
    public var clicks: Int
    /// Whether shift was held: a press extends the selection.
    public var shift: Bool

    public init(_ phase: Phase, x: Int, y: Int, clicks: Int = 1, shift: Bool = false) {
        self.phase = phase
        self.x = x
        self.y = y
        self.clicks = clicks
        self.shift = shift
    }
}

/// A primitive that fits what it shows to the size layout gives it, settles unanswered
/// edits at the end of each frame, and shows its natural size again after a resize
/// (inputs and textareas).
public protocol FittingWidget: HostWidget {
    /// Fits to the frame the last layout gave; returns whether the layout must run again.
    func fit() -> Bool
    /// Shows the natural size again before the next layout (after a resize).
    func refit()
    /// Settles an edit the parent did not answer by the end of the frame.
    func settle()
    /// Hears the screen's width, when the widget is made and on each resize (before
    /// ``refit()``): what it shows before a layout need be no wider than that.
    func screenWidthChanged(to width: Int)
}

extension FittingWidget {
    public func screenWidthChanged(to width: Int) {}
}

/// A primitive that shows the key bindings in reach (``KeyHintsWidget``): the host tells
/// it the bindings of the focused element and its ancestors as they change.
public protocol BindingsDisplay: HostWidget {
    /// Shows `bindings`, innermost first.
    func show(_ bindings: [KeyBinding])
}

/// How focus shows on a border: single, round and bold borders are drawn bold
/// (`┏━┓`); double and ascii borders keep their glyphs (already heavy, or ascii-only).
enum FocusLook {
    /// `style` as drawn while focused. A box that shows focus on nothing else
    /// (`highlightsWithoutBorder`: a focusable box, not a scroll) is drawn inverse when it
    /// has no border.
    static func focused(_ style: BoxStyle, highlightsWithoutBorder: Bool = false) -> BoxStyle {
        var result = style
        switch style.border {
        case .single, .round: result.border = .bold
        case nil: result.inverse = highlightsWithoutBorder
        default: break
        }
        return result
    }
}

extension KeyEvent {
    /// Whether the key was pressed without ctrl or alt (shift is allowed).
    var isPlain: Bool { !ctrl && !alt }
}

/// The keys an editor with a selection and a history answers, whatever it edits (an
/// input, a textarea): the clipboard's and undo's.
public enum EditingKeys {
    public static let bindings: [KeyBinding] = [
        KeyBinding(["alt+c", "ctrl+insert"], action: "copy", label: "copy the selection", shown: false),
        KeyBinding(["ctrl+x", "shift+delete"], action: "cut", label: "cut the selection", shown: false),
        KeyBinding(["ctrl+v", "shift+insert"], action: "paste", label: "paste what was copied", shown: false),
        KeyBinding(["ctrl+z"], action: "undo", label: "undo", shown: false),
        KeyBinding(["ctrl+y"], action: "redo", label: "redo", shown: false),
    ]
}

/// A primitive whose presence makes F1 (when nothing in reach answers it) show the help
/// overlay, every key binding in reach (`ui.help`); it says the overlay's colors.
public protocol HelpDisplay: HostWidget {
    /// The overlay's border, keys and words.
    var helpColors: (border: Color, key: Color, label: Color) { get }
}

/// A primitive that calls the app's handlers outside the events it is given (a
/// textarea's `highlight` and `onCursor`, as it draws): the host connects `call`.
public protocol CallingWidget: HostWidget {
    /// Calls a handler; set by the host.
    var call: HandlerDispatch { get set }
}

/// A primitive that copies to and pastes from the app's clipboard (an input's
/// selection): the host connects it to what `ui.clipboard.write` reaches.
public protocol ClipboardWidget: HostWidget {
    /// Puts text on the clipboard; set by the host.
    var copyText: (String) -> Void { get set }
    /// The text the app last put on the clipboard, if any; set by the host.
    var copiedText: () -> String? { get set }
}
