/// A host node: the mounted form of one host element (`text`, `box`, …), which the
/// reconciler creates and a ``HostRenderer`` mirrors into its own tree.
///
/// It is the reconciler's own record of the mounted primitive as well (an ``Instance``,
/// whose workings are internal): kind, key and props are read from the element it was
/// last given, so mounting a primitive makes one object, not two.
public final class HostNode: Instance {
    /// The primitive's kind.
    public var kind: String { element.typeName }
    /// The element's key, if it had one.
    public var key: Key? { element.key }
    /// The latest props.
    public var props: Record { element.hostProps }
    /// The renderer's own object for this node (a canvas node, say). The reconciler never
    /// reads it; it lives exactly as long as this node.
    public var attachment: AnyObject? {
        get { storedAttachment }
        set { storedAttachment = newValue }
    }
    /// Kept behind accessors: a stored property read from another module is checked for
    /// exclusive access there, whatever its declaration says.
    @exclusivity(unchecked) private var storedAttachment: AnyObject?
    /// Whether component elements mounted into this node wait to be rendered until the
    /// host reaches them (``HostRenderer/defersComponents(in:)``).
    @exclusivity(unchecked) var defersComponents = false

    override init(element: Element, parent: Instance?, slot: Slot) {
        super.init(element: element, parent: parent, slot: slot)
    }

    /// Whether this node is the placeholder of a component that waits to be rendered
    /// (see ``HostRenderer/defersComponents(in:)``), and is still in the tree.
    package var standsForWaitingComponent: Bool { isPlaceholderNode && isMounted }
    @exclusivity(unchecked) var isPlaceholderNode = false

    /// The host node this one is inside (nil: the root container, or a node no longer
    /// mounted).
    package var parentNode: HostNode? { hostParent }

    /// The host nodes directly inside this one, in order: the topmost host nodes of its
    /// children's output (a component stands for the nodes it rendered).
    package var childNodes: [HostNode] {
        var nodes: [HostNode] = []
        for child in children { child.collectTopHostNodes(into: &nodes) }
        return nodes
    }

    override var hostContainer: HostNode? { self }
    override var asHost: HostNode? { self }
    override var isPlaceholder: Bool { false }
    override var endsHostRun: Bool { true }

    override var firstHostNode: HostNode? { isMounted ? self : nil }

    override func collectTopHostNodes(into nodes: inout [HostNode]) {
        nodes.append(self)
    }
}

extension HostNode: CustomStringConvertible {
    /// `kind#key` when keyed, `text("content")` for text, else the kind.
    public var description: String {
        if let key { return "\(kind)#\(key.text)" }
        if let text = props["text"]?.stringValue { return "\(kind)(\"\(text)\")" }
        return kind
    }
}

/// The receiver of the reconciler's host operations: the minimal list of changes that
/// makes the host's tree match the newest generation.
///
/// A `parent` of `nil` is the root container. `before: nil` means "at the end". Only
/// the topmost node of a removed subtree is removed; its descendants go with it.
public protocol HostRenderer: AnyObject {
    /// Inserts a new node into `parent` before `sibling` (at the end when `nil`). A new
    /// subtree arrives parent first, then its children in order.
    func insert(_ node: HostNode, into parent: HostNode?, before sibling: HostNode?)

    /// Moves an existing child of `parent` before `sibling` (to the end when `nil`).
    func move(_ node: HostNode, in parent: HostNode?, before sibling: HostNode?)

    /// Tells that `node`'s props changed from `oldProps` to `node.props`.
    func update(_ node: HostNode, from oldProps: Record)

    /// Tells that only `node`'s event handlers changed (props named `on…` that hold
    /// handlers, as an inline closure re-created by every render makes them): nothing it
    /// draws did, so no layout or paint need follow. The node's props are already the
    /// new ones; a host that keeps a handler elsewhere than in the props refreshes it.
    func updateHandlers(_ node: HostNode, from oldProps: Record)

    /// Removes `node`, with its subtree, from `parent`.
    func remove(_ node: HostNode, from parent: HostNode?)

    /// Called once after each reconciliation pass that sent operations, so the host can
    /// lay out and paint once per generation.
    func commit()

    /// Whether the components mounted into `node` wait, unrendered, until the host
    /// reaches them: true for a container that makes its children only as they come
    /// into view. Each waits as one node of kind ``Reconciler/placeholderKind`` (one row
    /// high), which the host passes to ``Reconciler/render(waiting:)`` when its layout
    /// shows it or a focus search looks inside it. Asked once, when `node` is inserted.
    func defersComponents(in node: HostNode) -> Bool
}

extension HostRenderer {
    public func commit() {}
    /// Every component renders as it mounts.
    public func defersComponents(in node: HostNode) -> Bool { false }
    /// Nothing to refresh: handlers are read from the props when events come.
    public func updateHandlers(_ node: HostNode, from oldProps: Record) {}
}
