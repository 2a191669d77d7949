import TheoluaCanvas
import TheoluaCore
import TheoluaTerminal
import TheoluaWidgets

/// The host renderer that mounts primitives into a text canvas, owns focus and routes
/// keys: what joins the core's reconciler to the canvas.
///
/// It mirrors the reconciler's host nodes into a persistent tree of canvas nodes (each
/// host node's ``HostView`` is its `attachment`), mapping props into styles as they
/// arrive; nothing is rebuilt per frame, and layout and paint visit only what changed.
/// Top-level nodes are laid out as a column filling the canvas. The runtime takes the
/// host's steps in the order of a turn (`Runtime.turn`): route the input, settle focus,
/// settle edits, lay out, paint.
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

    /// The primitives this host draws, by kind.
    let primitives: PrimitiveRegistry

    /// The view of the root container.
    let rootView: HostView

    /// The focused view, if any.
    @exclusivity(unchecked) var focusedView: HostView?

    /// Focusables with `autoFocus = true` inserted since the last commit, in order.
    @exclusivity(unchecked) var autoFocusCandidates: [HostNode] = []

    /// The views that had focus when a view around them was hidden (`display = "none"`)
    /// and that it shows again since the last commit: focus goes back to them, as to a
    /// screen's focus when the screen over it pops.
    @exclusivity(unchecked) var focusReturns: [HostView] = []

    /// Focus moves whose `onBlur`/`onFocus` handlers are still to be called.
    @exclusivity(unchecked) var focusChanges: [(view: HostView, handler: String)] = []

    /// Requests from code to move focus, carried out once pending updates are applied.
    @exclusivity(unchecked) var pendingFocus: [(component: ComponentID, id: String?)] = []
    /// Requests of `self:scrollTo(id)`, carried out with those of focus.
    @exclusivity(unchecked) var pendingScrolls: [(component: ComponentID, id: String)] = []

    /// The reconciler, which finds what a component rendered for focus requests.
    @exclusivity(unchecked) weak var reconciler: Reconciler?

    /// Hears warnings about requests that found nothing to focus.
    package var onWarning: (String) -> Void = { _ in }
    /// Receives what a widget copies (an input's selection).
    package var onCopy: (String) -> Void = { _ in }
    /// The text the app last copied, for a widget that pastes it.
    package var copied: () -> String? = { nil }

    /// Hears errors: a host element of a kind no widget registered.
    package var onError: (String) -> Void = { _ in }

    /// What the mouse button held down was pressed on (outermost first), and which
    /// button: drags and the release go there.
    @exclusivity(unchecked) var pressed: (views: [HostView], button: MouseEvent.Button)?

    /// The primitive that took the held left button's drag (an input or textarea
    /// selecting), and the last press, for counting double and triple clicks.
    @exclusivity(unchecked) var pointerOwner: HostView?
    @exclusivity(unchecked) var lastPress: (x: Int, y: Int, button: MouseEvent.Button, time: Duration, count: Int)?
    /// The clock presses are timed by (the run loop's).
    package var now: () -> Duration = { .zero }

    /// The text chosen on screen with the mouse, drawn over each frame until the next
    /// press, key or resize; and where the drag choosing it began, while it goes on.
    package internal(set) var selection: ScreenSelection?
    @exclusivity(unchecked) var selectionStart: (x: Int, y: Int, block: Bool)?

    /// The `ui.help` elements mounted (F1 opens the overlay while one is), and whether
    /// the overlay is open.
    @exclusivity(unchecked) var helpViews: [HostView] = []
    package internal(set) var helpShown = false

    /// The views of `ui.layer`s made so far, in the order they were made; those that left
    /// the tree are dropped as they are met.
    @exclusivity(unchecked) var layerViews: [HostView] = []

    /// The modal layer focus is kept in, and what had focus before it opened.
    @exclusivity(unchecked) var trap: (modal: HostView, returnTo: HostView?)?

    /// The views of the mounted `ui.keyhints` footers, and the bindings they show.
    @exclusivity(unchecked) var keyHints: (views: [HostView], shown: [KeyBinding]?) = ([], nil)

    /// The mounted inputs and textareas, which fit their text to their size after each
    /// layout and settle their edits at the end of each frame.
    @exclusivity(unchecked) var fitting: [ObjectIdentifier: (view: HostView, widget: any FittingWidget)] = [:]

    /// The placeholders of waiting components (see ``defersComponents(in:)``) that the
    /// layout in progress reached, to render after it.
    @exclusivity(unchecked) var reachedPlaceholders: [HostNode] = []
    /// Whether focus searches render the placeholders they pass (see
    /// ``firstRenderedFocusable(in:)``), and whether one passed a placeholder.
    @exclusivity(unchecked) var searchRendersPlaceholders = true
    @exclusivity(unchecked) var placeholderPassed = false
    /// Whether the focus a commit could not give (see `settleFocusAfterCommit`) is given
    /// after the layout has rendered the rows it shows.
    @exclusivity(unchecked) var focusAwaitsRows = false
    /// The first row that waited in the way of a focus search during a commit, and the
    /// row focus resumes from after the pass (see `moveFocusAway`).
    @exclusivity(unchecked) var blockingPlaceholder: HostView?
    @exclusivity(unchecked) var focusResumesAt: HostView?

    /// A host drawing on a canvas of `width` × `height` cells the primitives of
    /// `primitives` (by default the built-in ones).
    package init(width: Int, height: Int, primitives: [PrimitiveSpec] = BuiltIn.primitives) {
        self.primitives = PrimitiveRegistry(primitives)
        rootView = HostView(primitive: self.primitives.root, node: nil, focusable: false)
        canvas = Canvas(width: width, height: height)
        canvas.root = rootView.realize(in: self)
        // A scroll's child stands as a deferred canvas node until the scroll's layout
        // reaches it: then its view is realized. A waiting component's placeholder is
        // realized as what it is, one blank row, and noted: the component renders in its
        // place after the layout (see `layOut`).
        canvas.deferredContent = { [unowned self] node in
            guard let view = node.deferredOwner as? HostView else { return false }
            view.realize(in: self)
            guard view.isPlaceholder, let placeholder = view.hostNode else { return false }
            reachedPlaceholders.append(placeholder)
            return true
        }
        self.primitives.renderPlaceholder = { [unowned self] view in
            placeholderPassed = true
            guard searchRendersPlaceholders, let placeholder = view.hostNode, let reconciler else { return false }
            if renderingInPlace(of: [placeholder], { reconciler.renderWaiting(placeholder) }) != nil { return true }
            // During a commit: the search goes on without what it holds, and notes the
            // first such row (see `moveFocusAway`).
            if blockingPlaceholder == nil { blockingPlaceholder = view }
            return false
        }
    }

    /// Sends handler calls to `reconciler.dispatch`. The reconciler is held weakly, since
    /// it holds this host.
    package func connect(to reconciler: Reconciler) {
        self.reconciler = reconciler
        dispatch = { [weak reconciler] handler, arguments in
            reconciler?.dispatch(handler, arguments: arguments) ?? .targetGone
        }
    }

    /// The canvas size in cells.
    package var size: Size { canvas.size }

    /// Draws the frame of a host driven without a runtime (the host's tests): the steps
    /// a turn that paints takes after its updates (see `Runtime.turn`), and the screen.
    ///
    /// Render after the run loop has applied the updates the last keys caused: an input
    /// edit the parent has not answered by now counts as refused.
    @discardableResult
    package func render() -> CellBuffer {
        settlePendingFocus()
        settleEdits()
        layOut()
        return paint()
    }

    /// Lays out what changed, and fits the inputs and textareas to their sizes: a
    /// turn's layout step. Little more than a look at the root when nothing changed.
    func layOut() {
        resumeFocus()
        canvas.layout()
        renderReachedPlaceholders()
        // Inputs and textareas fit their text to the size layout gives them; fitting can
        // change their content size, so lay out again (a few times at most).
        for _ in 0..<(fitting.isEmpty ? 0 : 3) {
            var changed = false
            for entry in fitting.values where entry.widget.fit() { changed = true }
            if !changed { break }
            canvas.layout()
            renderReachedPlaceholders()
        }
    }

    /// Renders the waiting components whose placeholders the last layout reached, and
    /// lays out again, until a layout reaches none: each round renders at least one, so
    /// it ends, and a frame shows no placeholder. Then the focus a commit left to the
    /// rows shown is given.
    ///
    /// A layout asked for in the middle of a reconciliation (a host reading the screen
    /// from a render's `ui.emit`) cannot render them: they are kept, and a turn is
    /// queued that lays out again and renders them.
    private func renderReachedPlaceholders() {
        while !reachedPlaceholders.isEmpty, let reconciler {
            let reached = reachedPlaceholders
            reachedPlaceholders.removeAll()
            guard renderingInPlace(of: reached, { reconciler.render(waiting: reached) }) else {
                let waiting = reached.filter(\.standsForWaitingComponent)
                reachedPlaceholders = waiting + reachedPlaceholders
                if !waiting.isEmpty { reconciler.runLoop.enqueue {} }
                break
            }
            canvas.layout()
        }
        guard focusAwaitsRows else { return }
        focusAwaitsRows = false
        if focusedView == nil, let first = firstRenderedFocusable(in: focusScope).view {
            setFocus(first)
            deliverFocusChanges()
        }
    }

    /// Repaints what the last layouts damaged, and returns the screen: a turn's paint
    /// step, after its layout.
    func paint() -> CellBuffer {
        var frame = canvas.paint()
        paintedPlain = !helpShown && (selection?.isEmpty ?? true)
        if let selection, !selection.isEmpty { frame.highlight(selection) }
        if helpShown {
            if let help = helpViews.first(where: { $0.isAttached(to: rootView) })?.widget?.asHelpDisplay {
                let colors = help.helpColors
                Overlay.help(helpGroups, border: colors.border, key: colors.key, label: colors.label, in: &frame)
            } else {
                // Its ui.help went while it was open.
                helpShown = false
            }
        }
        return frame
    }

    /// Changes the canvas size; the next layout and paint redo everything.
    package func resize(width: Int, height: Int) {
        clearSelection()
        canvas.resize(width: width, height: height)
        for entry in fitting.values {
            entry.widget.screenWidthChanged(to: canvas.size.width)
            entry.widget.refit()
        }
    }

    /// The screen as of the last paint.
    package var buffer: CellBuffer { canvas.buffer }

    /// Whether the last paint gave the canvas's picture as it is, with no selection or
    /// help drawn over it.
    private(set) var paintedPlain = false

    // MARK: HostRenderer

    /// A scroll's component children wait until its layout reaches them (or a focus
    /// search looks inside them): a list of ten thousand rows renders those it shows.
    package func defersComponents(in node: HostNode) -> Bool {
        defersComponentRows && primitives.entry(for: node.kind).spec.defersChildren
    }

    /// Whether a scroll's component children wait (see ``defersComponents(in:)``); off,
    /// every component renders as it mounts, which tests compare with.
    package var defersComponentRows = true

    /// Creates the node's view (mapping its props into canvas nodes) and inserts it; a
    /// focusable with `autoFocus = true` becomes a candidate for focus at the commit.
    ///
    /// Inside a view not expanded (a scroll's row out of view), the node gets no view: it
    /// waits, and the view above it counts it if it is focusable.
    package func insert(_ node: HostNode, into parent: HostNode?, before sibling: HostNode?) {
        if node.standsForWaitingComponent {
            insertPlaceholder(node, into: parent, before: sibling)
            return
        }
        let kind: PrimitiveRegistry.Entry
        if let known = primitives.knownEntry(for: node.kind) {
            kind = known
        } else {
            // Drawn as a plain box, so the app goes on, and reported.
            kind = primitives.fallback
            onError(
                "unknown primitive '\(node.kind)': a host element's kind must be a widget's"
                    + " (built in, or registered with Runtime.register)")
        }
        let focusable = kind.isFocusable(node.props)
        if focusable, PropsMapping.flag(node.props["autoFocus"]) { autoFocusCandidates.append(node) }
        guard let parentView = existingView(of: parent), parentView.isExpanded else {
            node.attachment = Self.waiting
            if focusable { nearestView(above: node).addToFocusableCounts(1) }
            return
        }
        let view = HostView(primitive: kind, node: node, focusable: focusable)
        node.attachment = view
        attach(view, to: parentView, before: sibling)
        if parent == nil { view.widget?.setTopLevel(true, props: node.props) }
    }

    /// Inserts `view` into `parentView` before `sibling`'s view, or in its place when
    /// that is a placeholder whose component renders there now.
    private func attach(_ view: HostView, to parentView: HostView, before sibling: HostNode?) {
        let anchor = sibling.flatMap(Self.view(of:))
        if let anchor, anchor.givesPlace {
            parentView.put(view, inPlaceOf: anchor, in: self)
        } else {
            parentView.insert(view, before: anchor, in: self)
        }
    }

    /// Runs `render`, which renders the waiting components of `placeholders`, with each
    /// placeholder's view giving its place to the first view of what renders (see
    /// `HostView.put`): a row shown in a scroll of many is put in place, where an insert
    /// and a removal would each move every row after it.
    func renderingInPlace<Result>(of placeholders: [HostNode], _ render: () -> Result) -> Result {
        let views = placeholders.compactMap(Self.view(of:))
        for view in views { view.givesPlace = true }
        defer {
            for view in views {
                view.givesPlace = false
                view.standIn = nil
            }
        }
        return render()
    }

    /// Inserts the placeholder of a component that waits (see
    /// ``defersComponents(in:)``): a blank box one row high, never focused, that counts
    /// one focusable, since what the component renders may hold one.
    private func insertPlaceholder(_ node: HostNode, into parent: HostNode?, before sibling: HostNode?) {
        guard let parentView = existingView(of: parent), parentView.isExpanded else {
            node.attachment = Self.waiting
            nearestView(above: node).addToFocusableCounts(1)
            return
        }
        let view = HostView(primitive: primitives.fallback, node: node, focusable: false)
        node.attachment = view
        attach(view, to: parentView, before: sibling)
    }

    /// Hears that `view` made its widget: inputs and textareas are kept to fit and settle
    /// each frame.
    func didRealize(_ view: HostView, _ widget: any HostWidget) {
        if let widget = widget.asFitting {
            fitting[ObjectIdentifier(view)] = (view, widget)
            widget.screenWidthChanged(to: canvas.size.width)
        }
        if let widget = widget.asClipboard {
            widget.copyText = { [unowned self] text in onCopy(text) }
            widget.copiedText = { [unowned self] in copied() }
        }
        if widget.asHelpDisplay != nil {
            helpViews.removeAll { !$0.isAttached(to: rootView) }
            helpViews.append(view)
        }
        if let widget = widget.asCalling {
            widget.call = { [unowned self] handler, arguments in dispatch(handler, arguments) }
        }
        if view.isLayer { layerViews.append(view) }
        if widget.asBindingsDisplay != nil {
            keyHints.views.append(view)
            keyHints.shown = nil
        }
    }

    /// Moves the node's view and canvas node before `sibling`'s. A waiting node has
    /// nothing to move: its view is made in the host tree's order.
    package func move(_ node: HostNode, in parent: HostNode?, before sibling: HostNode?) {
        guard let view = Self.view(of: node) else { return }
        existingView(of: parent)?.move(view, before: sibling.flatMap(Self.view(of:)))
    }

    /// Maps the changed props into the canvas; moves focus on when the focused node stops
    /// being focusable.
    package func update(_ node: HostNode, from oldProps: Record) {
        // `autoFocus` turning true asks for focus again, as on mount.
        if PropsMapping.flag(node.props["autoFocus"]), !PropsMapping.flag(oldProps["autoFocus"]),
            primitives.entry(for: node.kind).isFocusable(node.props)
        {
            autoFocusCandidates.append(node)
        }
        guard let view = Self.view(of: node) else {
            guard node.attachment === Self.waiting else { return }
            let kind = primitives.entry(for: node.kind)
            let delta = (kind.isFocusable(node.props) ? 1 : 0) - (kind.isFocusable(oldProps) ? 1 : 0)
            if delta != 0 { nearestView(above: node).addToFocusableCounts(Int32(delta)) }
            return
        }
        if view.update(from: oldProps), let focused = focusedView, focused === view {
            moveFocusAway(from: view, keepingSubtree: true)
        }
        // `display = "none"` takes its subtree out of the focus order, focus included; the
        // view remembers where focus was, and gives it back when shown again.
        if view.isHidden, let focused = focusedView, view.contains(focused) {
            view.focusToReturn = focused
            moveFocusAway(from: view)
        } else if !view.isHidden, let returning = view.focusToReturn, oldProps["display"]?.stringValue == "none" {
            view.focusToReturn = nil
            focusReturns.append(returning)
        }
    }

    /// Only the node's event handlers changed: its props are already the new ones, read
    /// when events come; a widget that keeps a handler takes the new one.
    package func updateHandlers(_ node: HostNode, from oldProps: Record) {
        Self.view(of: node)?.widget?.handlersChanged(node.props)
    }

    /// Removes the node's subtree; when it holds the focused node, focus moves to the next
    /// focusable after it (or the previous one) first. A waiting node leaves unseen (the
    /// view above may count its focusables until it is expanded).
    package func remove(_ node: HostNode, from parent: HostNode?) {
        guard let view = Self.view(of: node) else { return }
        if let focused = focusedView, view.contains(focused) { moveFocusAway(from: view) }
        existingView(of: parent)?.remove(view)
        if !fitting.isEmpty { fitting = fitting.filter { $0.value.view.isAttached(to: rootView) } }
    }

    /// After each reconciliation pass: settles focus (see `settleFocusAfterCommit()`) and
    /// the inputs' answered edits. Layout and paint wait for the turn's steps.
    package func commit() {
        settleFocusAfterCommit()
        settleEdits()
        deliverFocusChanges()
    }

    // MARK: Views

    /// The view of a host node, or the root's for nil; nil for a waiting node.
    func existingView(of node: HostNode?) -> HostView? {
        guard let node else { return rootView }
        return Self.view(of: node)
    }

    /// The view of the nearest host node above `node` that has one (the root's at most).
    func nearestView(above node: HostNode) -> HostView {
        var current = node.parentNode
        while let candidate = current {
            if let view = Self.view(of: candidate) { return view }
            current = candidate.parentNode
        }
        return rootView
    }

    /// The view of `node`, made by expanding the views above it if it is waiting; nil
    /// when the node is not mounted here.
    func madeView(of node: HostNode) -> HostView? {
        if let view = Self.view(of: node) { return view }
        guard node.attachment === Self.waiting else { return nil }
        let parentView = node.parentNode.map(madeView(of:)) ?? rootView
        parentView?.expand()
        return Self.view(of: node)
    }

    /// How many views the host has made, the root's included (for tests: the nodes
    /// waiting inside views not expanded have none).
    package var viewCount: Int {
        func count(_ view: HostView) -> Int { view.children.reduce(1) { $0 + count($1) } }
        return count(rootView)
    }

    /// The attachment of a host node that waits inside a view not expanded.
    static let waiting = Waiting()

    /// The type of ``waiting``.
    final class Waiting: Sendable {}

    /// The view attached to a host node by ``insert(_:into:before:)``.
    static func view(of node: HostNode) -> HostView? {
        node.attachment as? HostView
    }

    /// Settles every input's and textarea's unanswered edit (see ``InputEditor``): what a
    /// turn that paints does before its layout, since the frame ends there.
    func settleEdits() {
        for entry in fitting.values { entry.widget.settle() }
    }
}
