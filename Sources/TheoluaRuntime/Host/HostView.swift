import TheoluaCanvas
import TheoluaCore
import TheoluaWidgets

/// The host's mirror of one mounted host node: its widget (canvas nodes, look,
/// behaviour), its latest props, and its place in the host tree.
///
/// The host tree has the reconciler's shape, which the canvas tree does not always have
/// (a button is a box holding a text), so focus order and key bubbling walk this tree.
/// Each view counts the focusable views in its subtree, so that finding the next
/// focusable skips whole subtrees without one instead of scanning every row.
///
/// A view's widget is made when the canvas first needs it (it is *realized*): at once
/// inside a container on screen, but a scroll's child waits, standing in the scroll as
/// a deferred canvas node, until the scroll's layout reaches it or it takes focus. A
/// list of ten thousand rows makes the widgets of the rows it shows; the views of the
/// others keep their props and their place for focus order, and nothing more.
///
/// Nor does a view that is not realized make views for the host nodes inside it: it is
/// not *expanded*. Those nodes wait (their attachment is ``CanvasHost/waiting``), and
/// the view counts the focusables among them, so that focus order still finds them;
/// the view is expanded, making their views from the host tree as it is then, when it
/// is realized or when a focus search needs to look inside it.
///
/// A view is the `attachment` of its host node, so it lives as long as the node. Like
/// the host, it is confined to one thread, and its state is read and written without
/// dynamic exclusivity checks.
final class HostView {
    /// What the view is: its kind's spec (``PrimitiveSpec``), in the host's registry.
    let primitive: PrimitiveRegistry.Entry
    /// The primitive's canvas nodes, look and behaviour, once the view is realized.
    @exclusivity(unchecked) private(set) var widget: (any HostWidget)?
    /// The canvas node standing for this view in its parent's: the widget's node, or
    /// before the widget is made, the deferred node a scroll holds in its place.
    @exclusivity(unchecked) private(set) var node: CanvasNode?
    /// The host node this view mirrors (nil for the root). Not retained: the node holds
    /// the view as its attachment, and a view's node is read only while the view is in
    /// the tree, where the node is alive (before a view leaves, focus moves away from
    /// it; autoFocus candidates and inputs out of the tree are passed over or dropped).
    @exclusivity(unchecked) unowned(unsafe) let hostNode: HostNode?
    /// The parent view; nil for the root and for detached views. Not `weak` (a weak
    /// reference costs each parent a side allocation): a view clears its children's
    /// back references when it goes, so this never dangles.
    @exclusivity(unchecked) private(set) unowned(unsafe) var parent: HostView?
    /// The children, in order.
    @exclusivity(unchecked) private(set) var children: [HostView] = []
    /// Where this view last was among its parent's children, to find it quickly.
    @exclusivity(unchecked) private var indexHint: Int32 = 0
    /// The view inside this one that had focus when this one was hidden, to focus again
    /// when it is shown (see ``CanvasHost/focusReturns``).
    @exclusivity(unchecked) var focusToReturn: HostView?
    /// Whether the view takes focus with its current props.
    @exclusivity(unchecked) private(set) var isFocusable = false
    /// The focusable views in this subtree, this one included. In a view not expanded it
    /// counts the waiting host nodes inside, and may count too many: a waiting node that
    /// leaves takes its subtree out of the host tree unseen. Expanding makes it exact.
    /// A placeholder counts one: what its component renders may hold a focusable, and a
    /// focus search renders it to look (see ``HostView+FocusOrder``).
    @exclusivity(unchecked) private(set) var focusableCount: Int32 = 0
    /// Whether the views of the host nodes inside this one are made (see the type's
    /// documentation). The root is expanded from the start.
    @exclusivity(unchecked) private(set) var isExpanded = false

    /// A view of the primitive `primitive` mirroring `node` (nil for the root), which
    /// takes focus if `focusable` (as its kind decides with the node's props); not
    /// realized yet.
    init(primitive: PrimitiveRegistry.Entry, node: HostNode?, focusable: Bool) {
        self.primitive = primitive
        hostNode = node
        isFocusable = focusable
        isPlaceholder = node?.standsForWaitingComponent ?? false
        focusableCount = focusable || isPlaceholder ? 1 : 0
        isExpanded = node == nil
    }

    /// Whether this view stands for a component not rendered yet (a scroll's row not
    /// shown yet): one blank row, until the host renders the component in its place.
    let isPlaceholder: Bool

    /// Whether this placeholder's component is rendering in its place: the views the
    /// host inserts before it take its place (see ``put(_:inPlaceOf:in:)``).
    @exclusivity(unchecked) var givesPlace = false
    /// The last view put in this placeholder's place, while it gives its place.
    @exclusivity(unchecked) var standIn: HostView?

    /// The props, as of the node's last insert or update.
    var props: Record { hostNode?.props ?? Record() }

    /// The key of the host node this view mirrors.
    var key: Key? { hostNode?.key }

    deinit {
        for child in children { child.parent = nil }
    }

    /// Whether the widget is made.
    var isRealized: Bool { widget != nil }

    /// Makes the widget, on the deferred node standing for the view if there is one, and
    /// the widgets of the subtree (a scroll's children stand as deferred nodes); returns
    /// the view's canvas node. `host` hears of each widget made.
    @discardableResult
    func realize(in host: CanvasHost) -> CanvasNode {
        if let widget { return widget.node }
        expand()
        let widget = primitive.spec.makeWidget(node)
        widget.node.endDeferral()
        self.widget = widget
        node = widget.node
        widget.apply(props, old: nil)
        host.didRealize(self, widget)
        if let container = widget.container {
            for child in children { container.appendChild(child.canvasNode(in: self, host: host)) }
        }
        return widget.node
    }

    /// The canvas node this view puts into `parent`'s container: a deferred node when
    /// the parent is a scroll and this view is not realized, else its realized node.
    private func canvasNode(in parent: HostView, host: CanvasHost) -> CanvasNode {
        if parent.primitive.spec.defersChildren && !isRealized {
            if let node { return node }
            let deferred = CanvasNode(deferred: primitive.spec.canvasKind, owner: self)
            node = deferred
            return deferred
        }
        return realize(in: host)
    }

    /// Makes the views of the host nodes waiting inside this view, in the host tree's
    /// order, and makes the focusable counts of this subtree exact. The new views are
    /// not expanded.
    func expand() {
        guard !isExpanded else { return }
        isExpanded = true
        guard let hostNode else { return }
        var count: Int32 = isFocusable ? 1 : 0
        for childNode in hostNode.childNodes where childNode.attachment === CanvasHost.waiting {
            let kind = primitive.registry.entry(for: childNode.kind)
            let child = HostView(primitive: kind, node: childNode, focusable: kind.isFocusable(childNode.props))
            childNode.attachment = child
            child.focusableCount = focusables(waitingIn: childNode, counting: child.isFocusable)
            child.parent = self
            child.indexHint = Int32(truncatingIfNeeded: children.count)
            children.append(child)
            count += child.focusableCount
        }
        addToFocusableCounts(count - focusableCount)
    }

    /// The focusables in the subtree of a node whose view is just made: the node itself
    /// (when `counting`) and the host nodes waiting below it.
    private func focusables(waitingIn node: HostNode, counting: Bool) -> Int32 {
        var count: Int32 = counting ? 1 : 0
        for child in node.childNodes where child.attachment === CanvasHost.waiting {
            if child.standsForWaitingComponent {
                count += 1
                continue
            }
            let focusable = primitive.registry.entry(for: child.kind).isFocusable(child.props)
            count += focusables(waitingIn: child, counting: focusable)
        }
        return count
    }

    /// Maps the node's new props (they were `old`) into the canvas, and returns whether
    /// the view stopped being focusable.
    @discardableResult
    func update(from old: Record) -> Bool {
        let newProps = props
        widget?.apply(newProps, old: old)
        let focusable = primitive.isFocusable(newProps)
        guard focusable != isFocusable else { return false }
        isFocusable = focusable
        addToFocusableCounts(focusable ? 1 : -1)
        return !focusable
    }

    /// The `onKey` handler, if the props have one.
    var keyHandler: Handler? { props["onKey"]?.handlerValue }
    /// The views from the top of the tree down to this one's parent (the root left out).
    var ancestors: [HostView] {
        var path: [HostView] = []
        var view = parent
        while let current = view, current.parent != nil {
            path.append(current)
            view = current.parent
        }
        return path.reversed()
    }

    /// Whether this is a `ui.layer`'s view.
    var isLayer: Bool { props["layer"]?.boolValue == true }
    /// Whether this is a modal layer's view: focus stays inside it while it is open.
    var isModalLayer: Bool { isLayer && props["modal"]?.boolValue == true && !isHidden }

    /// The key bindings `ui.keyhints` lists for this view: those the props declare with
    /// `keys`, then the shown ones its widget answers (its spec's).
    var keyBindings: [KeyBinding] {
        KeyBinding.declared(by: props["keys"]) + primitive.spec.bindings.filter(\.shown)
    }

    /// The `onPaste` handler, if the props have one.
    var pasteHandler: Handler? { props["onPaste"]?.handlerValue }

    /// The `onMouse` handler, if the props have one.
    var mouseHandler: Handler? { props["onMouse"]?.handlerValue }

    /// The `onClick` handler, if the props have one.
    var clickHandler: Handler? { props["onClick"]?.handlerValue }

    /// The child whose canvas node is `node`, the child at `index` of the container.
    func child(drawnAs node: CanvasNode, at index: Int) -> HostView? {
        if index < children.count, children[index].node === node { return children[index] }
        return children.first { $0.node === node }
    }

    /// Whether the view is in the tree under `root` (walks up: O(depth)).
    func isAttached(to root: HostView) -> Bool {
        var node: HostView? = self
        while let current = node {
            if current === root { return true }
            node = current.parent
        }
        return false
    }

    /// Whether this view is `view` or one of its ancestors.
    func contains(_ view: HostView) -> Bool {
        var node: HostView? = view
        while let current = node {
            if current === self { return true }
            node = current.parent
        }
        return false
    }

    // MARK: Tree

    /// Inserts `child` before `sibling` (at the end when nil or not a child), in this tree
    /// and, when this view is realized, in the canvas (see ``realize(in:)``). A leaf's
    /// children are kept in the tree but never drawn.
    func insert(_ child: HostView, before sibling: HostView?, in host: CanvasHost) {
        if child.parent != nil { child.parent?.remove(child) }
        let position = sibling.flatMap { index(of: $0) } ?? children.count
        if position == children.count { children.append(child) } else { children.insert(child, at: position) }
        child.parent = self
        child.indexHint = Int32(truncatingIfNeeded: position)
        addToFocusableCounts(child.focusableCount)
        if let container = widget?.container {
            container.insertChild(child.canvasNode(in: self, host: host), before: sibling?.node)
        }
    }

    /// Puts `child` where `placeholder`, a child giving its place (see `givesPlace`),
    /// stands: the first view takes the placeholder's place in the children and in the
    /// canvas, so the children after it do not move, and each next one goes after the
    /// last. The placeholder leaves the tree; its host node's removal finds nothing to do.
    func put(_ child: HostView, inPlaceOf placeholder: HostView, in host: CanvasHost) {
        defer { placeholder.standIn = child }
        if let previous = placeholder.standIn, let position = index(of: previous) {
            insert(child, before: position + 1 < children.count ? children[position + 1] : nil, in: host)
            return
        }
        guard child.parent == nil, let position = index(of: placeholder) else {
            insert(child, before: placeholder, in: host)
            return
        }
        children[position] = child
        placeholder.parent = nil
        child.parent = self
        child.indexHint = Int32(truncatingIfNeeded: position)
        addToFocusableCounts(child.focusableCount - placeholder.focusableCount)
        guard let container = widget?.container else { return }
        let node = child.canvasNode(in: self, host: host)
        if let old = placeholder.node, container.replaceChild(old, with: node) { return }
        container.insertChild(node, before: position + 1 < children.count ? children[position + 1].node : nil)
    }

    /// Moves a child before `sibling` (to the end when nil).
    func move(_ child: HostView, before sibling: HostView?) {
        guard child !== sibling, let position = index(of: child) else { return }
        children.remove(at: position)
        let target = sibling.flatMap { index(of: $0) } ?? children.count
        children.insert(child, at: target)
        child.indexHint = Int32(truncatingIfNeeded: target)
        if let container = widget?.container, let node = child.node {
            container.insertChild(node, before: sibling?.node)
        }
    }

    /// Removes a child (with its subtree) from this tree and from the canvas.
    func remove(_ child: HostView) {
        guard let position = index(of: child) else { return }
        children.remove(at: position)
        child.parent = nil
        addToFocusableCounts(-child.focusableCount)
        child.node?.removeFromParent()
    }

    /// The position of `child` among the children, searching outwards from its hint.
    func index(of child: HostView) -> Int? {
        guard child.parent === self else { return nil }
        let hint = Int(child.indexHint)
        if hint < children.count, children[hint] === child { return hint }
        var distance = 1
        while hint - distance >= 0 || hint + distance < children.count {
            if hint + distance < children.count, children[hint + distance] === child {
                child.indexHint = Int32(truncatingIfNeeded: hint + distance)
                return hint + distance
            }
            if hint - distance >= 0, hint - distance < children.count, children[hint - distance] === child {
                child.indexHint = Int32(truncatingIfNeeded: hint - distance)
                return hint - distance
            }
            distance += 1
        }
        return nil
    }

    /// Adds `delta` to the focusable counts of this view and its ancestors.
    func addToFocusableCounts(_ delta: Int32) {
        guard delta != 0 else { return }
        var node: HostView? = self
        while let current = node {
            current.focusableCount += delta
            node = current.parent
        }
    }
}
