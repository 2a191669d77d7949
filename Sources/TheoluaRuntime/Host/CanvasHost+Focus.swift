import TheoluaCore
import TheoluaWidgets

/// Focus: which focusable primitive gets keys, and how focus moves.
///
/// Focusable are buttons, inputs, scrolls and boxes with `focusable = true` (a button,
/// input or scroll with `focusable = false` is not). After each commit, the first
/// focusable mounted in that commit with `autoFocus = true` takes focus; otherwise, when
/// nothing has focus, the first focusable in tree order takes it. A focused node keeps
/// focus across re-renders while it stays mounted and focusable; when it is removed (or
/// stops being focusable), focus moves to the next focusable in tree order, or to the
/// previous one when it was the last.
extension CanvasHost {
    /// Whether a host node has focus.
    package var hasFocus: Bool { focusedView != nil }

    /// The key of the focused host node, if it has focus and a key.
    package var focusedKey: Key? { focusedView?.key }

    /// Gives focus to `node` when it is mounted and focusable; returns whether it did.
    @discardableResult
    package func focus(_ node: HostNode) -> Bool {
        guard let view = madeView(of: node), view.isFocusable, view.isAttached(to: rootView) else {
            return false
        }
        setFocus(view)
        return true
    }

    /// Moves focus to the next focusable in tree order, wrapping to the first (tab).
    /// Returns whether anything is focusable.
    @discardableResult
    package func focusNext() -> Bool {
        let scope = focusScope
        var next = focusedView.flatMap { $0.nextFocusable() }
        if let found = next, scope !== rootView, !scope.contains(found) { next = nil }
        guard let target = next ?? scope.firstFocusable else { return false }
        setFocus(target)
        return true
    }

    /// Moves focus to the previous focusable in tree order, wrapping to the last (backtab).
    /// Returns whether anything is focusable.
    @discardableResult
    package func focusPrevious() -> Bool {
        let scope = focusScope
        var previous = focusedView.flatMap { $0.previousFocusable() }
        if let found = previous, scope !== rootView, !scope.contains(found) || found === scope { previous = nil }
        guard let target = previous ?? scope.lastFocusable else { return false }
        setFocus(target)
        return true
    }

    /// Where focus may go: inside the open modal layer, or anywhere.
    var focusScope: HostView { trap?.modal ?? rootView }

    /// The modal layer open on top, if any: the last made that is still in the tree
    /// (the views of layers that left the tree are dropped on the way).
    func topModalLayer() -> HostView? {
        layerViews.removeAll { !$0.isAttached(to: rootView) }
        return layerViews.last { $0.isModalLayer }
    }

    /// Keeps focus inside the modal layer on top: when one opens, focus moves into it
    /// (remembering where it was); when it closes, focus goes back there.
    func trapFocusInModalLayer() {
        let modal = topModalLayer()
        guard modal !== trap?.modal else { return }
        let returnTo = trap?.returnTo
        if let modal {
            let outside = focusedView.map { !modal.contains($0) } ?? true
            trap = (modal, outside ? focusedView : returnTo)
            if outside { setFocus(modal.firstFocusable) }
        } else {
            trap = nil
            if let returnTo, returnTo.isAttached(to: rootView), returnTo.isFocusable, !returnTo.isHidden {
                setFocus(returnTo)
            } else if focusedView.map({ !$0.isAttached(to: rootView) }) ?? true {
                setFocus(rootView.firstFocusable)
            }
        }
    }

    /// Gives focus to `view` (or to nothing), updating how both views look, and
    /// scrolls the scrolls it is in to show it. Their `onBlur` and `onFocus` are called
    /// when the operation in progress ends (``deliverFocusChanges()``).
    func setFocus(_ view: HostView?) {
        guard view !== focusedView else { return }
        if let old = focusedView {
            old.widget?.setFocused(false)
            focusChanges.append((old, "onBlur"))
        }
        focusedView = view
        guard let view else { return }
        realizePath(to: view)
        view.widget?.setFocused(true)
        view.widget?.node.scrollIntoView()
        focusChanges.append((view, "onFocus"))
    }

    /// Calls the `onBlur` and `onFocus` handlers of the focus moves made since the last
    /// call, in order: after a key, a commit or a request from code, so that no handler
    /// runs in the middle of the host's operations. A view that left the tree meanwhile
    /// (focus moved off it because it was removed) is not told.
    func deliverFocusChanges() {
        while !focusChanges.isEmpty {
            let changes = focusChanges
            focusChanges.removeAll()
            for (view, name) in changes where view.isAttached(to: rootView) {
                if let handler = view.props[name]?.handlerValue { _ = dispatch(handler, []) }
            }
        }
        refreshKeyHints()
    }

    /// Shows the bindings in reach in every `ui.keyhints`: those declared with `keys` by
    /// the focused view and its ancestors up to an open modal layer, innermost first, a
    /// key declared twice shown once (the innermost); with nothing focused, the
    /// top-level views'. Costs the depth of the focused view.
    func refreshKeyHints() {
        guard !keyHints.views.isEmpty else { return }
        keyHints.views.removeAll { !$0.isAttached(to: rootView) }
        var bindings: [KeyBinding] = []
        var seen = Set<String>()
        var path: [HostView] = []
        if let focused = focusedView {
            var node: HostView? = focused
            while let current = node, current !== rootView {
                path.append(current)
                if current === trap?.modal { break }
                node = current.parent
            }
        } else {
            path = trap.map { [$0.modal] } ?? rootView.children
        }
        for view in path {
            for binding in view.keyBindings where seen.insert(binding.shownKeys).inserted { bindings.append(binding) }
        }
        guard bindings != keyHints.shown else { return }
        keyHints.shown = bindings
        for view in keyHints.views { view.widget?.asBindingsDisplay?.show(bindings) }
    }

    // MARK: Focus from code

    /// Asks to move focus into what `component` rendered, when the updates pending now
    /// have been applied (``settlePendingFocus()``): to its focusable with `id`, or the
    /// first focusable inside the element with `id`, or with no `id`, its first focusable.
    package func requestFocus(in component: ComponentID, id: String?) {
        pendingFocus.append((component, id))
    }

    /// Asks to scroll the element with `id` that `component` rendered into view, in every
    /// scroll it is in, as little as it takes (`self:scrollTo(id)`), when the updates
    /// pending now have been applied.
    package func requestScroll(in component: ComponentID, id: String) {
        pendingScrolls.append((component, id))
    }

    /// Carries out the requests of ``requestFocus(in:id:)`` in order (so the last one
    /// wins), warning of each that finds nothing to focus, then those of
    /// ``requestScroll(in:id:)``.
    package func settlePendingFocus() {
        guard !pendingFocus.isEmpty || !pendingScrolls.isEmpty, let reconciler else { return }
        let scrolls = pendingScrolls
        pendingScrolls.removeAll()
        defer { settleScrolls(scrolls, reconciler) }
        let requests = pendingFocus
        pendingFocus.removeAll()
        for (component, id) in requests {
            // A component unmounted meanwhile has nothing to focus, and nothing to say.
            guard let name = reconciler.componentName(of: component) else { continue }
            let nodes = reconciler.topHostNodes(of: component)
            if let target = focusTarget(in: nodes, id: id), focus(target) { continue }
            let what = id.map { "no focusable element with id \"\($0)\"" } ?? "nothing focusable"
            onWarning("\(name): focus: \(what) in what it rendered; focus stays where it is")
        }
        deliverFocusChanges()
    }

    private func settleScrolls(_ requests: [(component: ComponentID, id: String)], _ reconciler: Reconciler) {
        for (component, id) in requests {
            guard let name = reconciler.componentName(of: component) else { continue }
            let nodes = reconciler.topHostNodes(of: component)
            guard let found = firstNode(in: nodes, where: { $0.props["id"]?.stringValue == id }),
                let view = madeView(of: found)
            else {
                onWarning("\(name): scrollTo: no element with id \"\(id)\" in what it rendered")
                continue
            }
            realizePath(to: view)
            view.widget?.node.scrollIntoView()
        }
    }

    /// The node to focus for a request: with `id`, the first node of that id in tree
    /// order (itself when focusable, else its first focusable); without, the first
    /// focusable.
    private func focusTarget(in nodes: [HostNode], id: String?) -> HostNode? {
        guard let id else { return firstNode(in: nodes, where: isFocusable) }
        return firstNode(in: nodes, where: { $0.props["id"]?.stringValue == id }).flatMap { firstFocusable(in: $0) }
    }

    private func firstFocusable(in root: HostNode) -> HostNode? {
        firstNode(in: [root], where: isFocusable)
    }

    private func isFocusable(_ node: HostNode) -> Bool {
        primitives.entry(for: node.kind).isFocusable(node.props)
    }

    /// The first node of the subtrees `roots`, in tree order, that `matches`. The
    /// placeholder of a component not rendered yet is rendered, and what took its place
    /// is searched.
    private func firstNode(in roots: [HostNode], where matches: (HostNode) -> Bool) -> HostNode? {
        var stack = Array(roots.reversed())
        while let node = stack.popLast() {
            if node.standsForWaitingComponent {
                let rendered = renderingInPlace(of: [node]) { reconciler?.renderWaiting(node) }
                stack.append(contentsOf: (rendered ?? []).reversed())
                continue
            }
            if matches(node) { return node }
            stack.append(contentsOf: node.childNodes.reversed())
        }
        return nil
    }

    /// Realizes `view` and the views above it that are not: a focused view shows focus
    /// and takes keys through its widget, though its row was out of view.
    private func realizePath(to view: HostView) {
        var top = view
        while let parent = top.parent, !parent.isRealized { top = parent }
        top.realize(in: self)
    }

    /// Before `view`'s subtree (holding the focused view) leaves the tree, or when the
    /// focused `view` stops being focusable (`keepingSubtree`, so focus may go inside
    /// it): focus the next focusable, else the previous one, else nothing.
    ///
    /// During a commit, rows that wait cannot render: when the search passes one first,
    /// focus goes nowhere for now, and resumes from that row once the pass is over
    /// (``resumeFocus()``), as if the row had been rendered.
    func moveFocusAway(from view: HostView, keepingSubtree: Bool = false) {
        blockingPlaceholder = nil
        let target = view.nextFocusable(skippingSubtree: !keepingSubtree) ?? view.previousFocusable()
        if let blocked = blockingPlaceholder {
            blockingPlaceholder = nil
            focusResumesAt = blocked
            setFocus(nil)
            return
        }
        setFocus(target.flatMap { $0 === view ? nil : $0 })
    }

    /// Gives the focus that ``moveFocusAway(from:keepingSubtree:)`` left at a row that
    /// waited: the first focusable from that row on (rendering it), else the last before
    /// it. Called once the pass is over.
    func resumeFocus() {
        guard let placeholder = focusResumesAt else { return }
        focusResumesAt = nil
        guard focusedView == nil, placeholder.isAttached(to: rootView), let parent = placeholder.parent,
            let index = parent.index(of: placeholder)
        else { return }
        // Rendering the row replaces it at `index`: the children before it stay.
        let target = parent.firstFocusable(fromChild: index) ?? parent.lastFocusable(beforeChild: index)
        if let target, focusScope === rootView || focusScope.contains(target) { setFocus(target) }
        deliverFocusChanges()
    }

    /// At the end of a commit: honour `autoFocus`, or focus the first focusable when
    /// nothing has focus.
    func settleFocusAfterCommit() {
        trapFocusInModalLayer()
        let scope = focusScope
        let candidates = autoFocusCandidates
        autoFocusCandidates.removeAll()
        let returns = focusReturns
        focusReturns.removeAll()
        let views = candidates.lazy.compactMap { self.madeView(of: $0) }
        let inScope = { (view: HostView) -> Bool in
            view.isFocusable && view.isAttached(to: self.rootView) && (scope === self.rootView || scope.contains(view))
        }
        if let chosen = views.first(where: inScope) {
            setFocus(chosen)
        } else if let returning = returns.last(where: { inScope($0) && !$0.isHidden && !$0.ancestors.contains(where: \.isHidden) }) {
            setFocus(returning)
        } else if focusedView == nil, focusResumesAt == nil {
            // The first focusable among the rows rendered; when rows not rendered yet
            // come before it, once the layout has rendered those it shows.
            let (first, passed) = firstRenderedFocusable(in: scope)
            if passed {
                focusAwaitsRows = true
            } else if let first {
                setFocus(first)
            }
        }
    }

    /// The first focusable in `scope` among the views made, rendering no placeholder,
    /// and whether the search passed one before it. Focus that nobody asked for goes
    /// only to what is rendered: a scroll's ten thousand rows are not rendered to learn
    /// that none holds a focusable.
    func firstRenderedFocusable(in scope: HostView) -> (view: HostView?, passedPlaceholder: Bool) {
        searchRendersPlaceholders = false
        placeholderPassed = false
        defer { searchRendersPlaceholders = true }
        let first = scope.firstFocusable
        return (first, placeholderPassed)
    }
}
