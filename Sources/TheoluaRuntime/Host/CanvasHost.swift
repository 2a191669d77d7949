import TheoluaCanvas
import TheoluaCore

/// The host renderer that mounts primitives into a text canvas, owns focus and routes
/// keys: what joins the core's reconciler to the canvas.
///
/// It mirrors the reconciler's host nodes into a persistent tree of canvas nodes (each
/// host node's ``HostView`` is its `attachment`), mapping props into styles as they
/// arrive; nothing is rebuilt per frame, and ``render()`` lays out and paints only what
/// changed. Top-level nodes are laid out as a column filling the canvas.
///
/// ```swift
/// let host = CanvasHost(width: 80, height: 24)
/// let reconciler = Reconciler(host: host, runLoop: loop)
/// host.connect(to: reconciler)           // handlers (onPress, onKey…) go through it
/// reconciler.update(root: app)
/// host.handleKey(KeyEvent(.tab))         // for each key: route it…
/// loop.runUntilIdle()                    // …let the updates it caused render…
/// let screen = host.render()             // …then draw the frame
/// ```
///
/// Like the canvas and the reconciler, a host is confined to one thread: the run loop's,
/// and its state is read and written without dynamic exclusivity checks.
package final class CanvasHost: HostRenderer {
    /// The canvas the primitives are drawn on.
    package let canvas: Canvas

    /// Calls handlers (onPress, onChange, onSubmit, onKey); ``connect(to:)`` sets it to the
    /// reconciler's `dispatch`. Until then handlers are not called.
    package var dispatch: HandlerDispatch = { _, _ in .unhandled }

    /// The view of the root container.
    let rootView = HostView(kind: .root, node: nil)

    /// The focused view, if any.
    @exclusivity(unchecked) var focusedView: HostView?

    /// Focusables with `autoFocus = true` inserted since the last commit, in order.
    @exclusivity(unchecked) var autoFocusCandidates: [HostView] = []

    /// The mounted inputs, which fit their text to their width after each layout.
    @exclusivity(unchecked) var inputs: [ObjectIdentifier: (view: HostView, widget: InputWidget)] = [:]

    /// A host drawing on a canvas of `width` × `height` cells.
    package init(width: Int, height: Int) {
        canvas = Canvas(width: width, height: height)
        canvas.root = rootView.realize(in: self)
        // A scroll's child stands as a deferred canvas node until the scroll's layout
        // reaches it: then its view is realized.
        canvas.deferredContent = { [unowned self] node in
            if let view = node.deferredOwner as? HostView { view.realize(in: self) }
        }
    }

    /// Sends handler calls to `reconciler.dispatch`. The reconciler is held weakly, since
    /// it holds this host.
    package func connect(to reconciler: Reconciler) {
        dispatch = { [weak reconciler] handler, arguments in
            reconciler?.dispatch(handler, arguments: arguments) ?? .targetGone
        }
    }

    /// The canvas size in cells.
    package var size: Size { canvas.size }

    /// Lays out and paints what changed since the last frame, and returns the screen.
    ///
    /// Render after the run loop has applied the updates the last keys caused: an input
    /// edit the parent has not answered by now counts as refused.
    @discardableResult
    package func render(measuringOn clock: StageClock? = nil) -> CellBuffer {
        settleInputs()
        clock.measure(.layout) {
            canvas.layout()
            // Inputs fit their window to the width layout gives them; fitting can change
            // their content size, so lay out again (a few times at most).
            for _ in 0..<(inputs.isEmpty ? 0 : 3) {
                var changed = false
                for entry in inputs.values where entry.widget.fit() { changed = true }
                if !changed { break }
                canvas.layout()
            }
        }
        return clock.measure(.paint) { canvas.render() }
    }

    /// Changes the canvas size; the next ``render()`` lays out and paints everything.
    package func resize(width: Int, height: Int) {
        canvas.resize(width: width, height: height)
        for entry in inputs.values { entry.widget.refit() }
    }

    /// The screen as of the last ``render()``.
    package var buffer: CellBuffer { canvas.buffer }

    // MARK: HostRenderer

    /// Creates the node's view (mapping its props into canvas nodes) and inserts it; a
    /// focusable with `autoFocus = true` becomes a candidate for focus at the commit.
    package func insert(_ node: HostNode, into parent: HostNode?, before sibling: HostNode?) {
        let view = HostView(kind: HostKind(hostKind: node.kind), node: node)
        node.attachment = view
        self.view(of: parent).insert(view, before: sibling.flatMap(Self.view(of:)), in: self)
        if parent == nil { view.widget?.setTopLevel(true, props: node.props) }
        if view.isFocusable, PropsMapping.flag(node.props["autoFocus"]) { autoFocusCandidates.append(view) }
    }

    /// Hears that `view` made its widget: inputs are kept to fit and settle each frame.
    func didRealize(_ view: HostView, _ widget: any HostWidget) {
        if let input = widget as? InputWidget { inputs[ObjectIdentifier(view)] = (view, input) }
    }

    /// Moves the node's view and canvas node before `sibling`'s.
    package func move(_ node: HostNode, in parent: HostNode?, before sibling: HostNode?) {
        guard let view = Self.view(of: node) else { return }
        self.view(of: parent).move(view, before: sibling.flatMap(Self.view(of:)))
    }

    /// Maps the changed props into the canvas; moves focus on when the focused node stops
    /// being focusable.
    package func update(_ node: HostNode, from oldProps: Record) {
        guard let view = Self.view(of: node) else { return }
        if view.update(from: oldProps), let focused = focusedView, focused === view {
            moveFocusAway(from: view, keepingSubtree: true)
        }
    }

    /// Removes the node's subtree; when it holds the focused node, focus moves to the next
    /// focusable after it (or the previous one) first.
    package func remove(_ node: HostNode, from parent: HostNode?) {
        guard let view = Self.view(of: node) else { return }
        if let focused = focusedView, view.contains(focused) { moveFocusAway(from: view) }
        self.view(of: parent).remove(view)
        if !inputs.isEmpty { inputs = inputs.filter { $0.value.view.isAttached(to: rootView) } }
    }

    /// After each reconciliation pass: settles focus (see `settleFocusAfterCommit()`) and
    /// the inputs' answered edits. Painting waits for ``render()``.
    package func commit() {
        settleFocusAfterCommit()
        settleInputs()
    }

    // MARK: Views

    /// The view of a host node, or the root's for nil.
    func view(of node: HostNode?) -> HostView {
        node.flatMap(Self.view(of:)) ?? rootView
    }

    /// The view attached to a host node by ``insert(_:into:before:)``.
    static func view(of node: HostNode) -> HostView? {
        node.attachment as? HostView
    }

    /// Settles every input's unanswered edit (see ``InputEditor``).
    private func settleInputs() {
        for entry in inputs.values { entry.widget.settle() }
    }
}
