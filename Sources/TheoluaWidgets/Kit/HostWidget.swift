import TheoluaCanvas
import TheoluaCore
import TheoluaTerminal

/// Calls a handler with arguments: the runtime passes the reconciler's `dispatch`.
package typealias HandlerDispatch = (Handler, [Value]) -> DispatchOutcome

/// What a primitive is on the canvas and at the keyboard: its canvas nodes, how its
/// props and focus look, and what it does with keys when focused.
protocol HostWidget: AnyObject {
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

    /// The primitive's own behaviour for a wheel step over it; returns whether it used it.
    func handleWheel(_ direction: MouseEvent.Button, props: Record, dispatch: HandlerDispatch) -> Bool

    /// Tells the widget whether it sits directly in the root container, which gives the
    /// app's root the whole canvas.
    func setTopLevel(_ topLevel: Bool, props: Record)
}

/// Defaults for primitives that never take focus or keys.
extension HostWidget {
    /// No focus look.
    func setFocused(_ focused: Bool) {}
    func setTopLevel(_ topLevel: Bool, props: Record) {}
    /// Uses no keys.
    func handleKey(_ key: KeyEvent, props: Record, dispatch: HandlerDispatch) -> Bool { false }
    /// Uses no pastes.
    func handlePaste(_ text: String, props: Record, dispatch: HandlerDispatch) -> Bool { false }
    /// Does nothing on a click.
    func handleClick(atX x: Int, y: Int, child: Int?, props: Record, dispatch: HandlerDispatch) -> Bool { false }
    /// Does not scroll.
    func handleWheel(_ direction: MouseEvent.Button, props: Record, dispatch: HandlerDispatch) -> Bool { false }
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
