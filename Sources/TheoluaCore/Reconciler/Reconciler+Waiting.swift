/// Components that wait: in a host container that makes its children only as they come
/// into view (a scroll), a component element is not rendered when it is mounted. It
/// stands as a ``WaitingInstance`` holding its latest element, with one placeholder host
/// node in the container, until the host reaches the placeholder (its layout shows it,
/// or a focus search passes it) and asks for it with ``Reconciler/render(waiting:)``.
/// Then the component is mounted where the placeholder stood: its initial state, its
/// render, its controller, as if it had been mounted with its siblings. It stays
/// mounted from then on, as every mounted component does.
///
/// A list of ten thousand rows so renders the rows on screen, and keeps of the others
/// their elements and their places.
extension Reconciler {
    /// The kind of a waiting component's placeholder host node, as hosts see it: written
    /// in parentheses, so that it is no widget's name.
    public static let placeholderKind = "(waiting)"

    /// The placeholder's element: one row high, so that a layout reaching placeholders
    /// reaches a window's worth of them, not every one.
    static let placeholder = Element.host(placeholderKind, props: ["height": .int(1)])

    /// Mounts `element`, a component's, as a waiting instance before `anchor`.
    func mountWaiting(_ element: Element, slot: Slot, parent: Instance, before anchor: HostNode?) -> Instance {
        let waiting = WaitingInstance(element: element, parent: parent, slot: slot)
        waiting.hostParent = parent.hostContainer
        waiting.isMounted = true
        let node = HostNode(element: Self.placeholder, parent: waiting, slot: .position(0))
        node.hostParent = waiting.hostParent
        node.isMounted = true
        node.isPlaceholderNode = true
        waiting.children = [node]
        mountedCount += 2
        hostInsert(node, into: node.hostParent, before: anchor)
        return waiting
    }

    /// Renders the waiting components whose placeholders are `placeholders`, each where
    /// its placeholder stands, in one pass; placeholders whose component is no longer
    /// waiting are passed over. Returns whether it rendered any: not while a pass is
    /// under way (a host's commit), when the host asks again later.
    @discardableResult
    public func render(waiting placeholders: [HostNode]) -> Bool {
        guard !isReconciling else { return false }
        var rendered = false
        pass {
            for node in placeholders where mountInPlace(of: node) != nil { rendered = true }
        }
        return rendered
    }

    /// Renders the waiting component whose placeholder is `placeholder`, as
    /// ``render(waiting:)`` does, and returns the top host nodes that took the
    /// placeholder's place (none when it rendered nothing or could not start); nil when
    /// it did not render.
    package func renderWaiting(_ placeholder: HostNode) -> [HostNode]? {
        guard !isReconciling else { return nil }
        var nodes: [HostNode]?
        pass {
            guard let placed = mountInPlace(of: placeholder) else { return }
            var top: [HostNode] = []
            if case .mounted(let instance) = placed { instance.collectTopHostNodes(into: &top) }
            nodes = top
        }
        return nodes
    }

    /// What took a placeholder's place.
    private enum Placement {
        /// The component, mounted.
        case mounted(Instance)
        /// Nothing: the component could not start (reported).
        case failed
    }

    /// Mounts the component that `node` stands for in its place; nil when `node` is no
    /// longer a waiting component's placeholder.
    private func mountInPlace(of node: HostNode) -> Placement? {
        guard node.isMounted, let waiting = node.parent?.asWaiting, waiting.isMounted, let parent = waiting.parent
        else { return nil }
        let index = Int(waiting.indexInParent)
        guard index < parent.children.count, parent.children[index] === waiting else { return nil }
        let mounted = mount(waiting.element, slot: waiting.slot, parent: parent, before: node, mayWait: false)
        unmount(waiting)
        guard let mounted else {
            // Its initial state failed, or a limit was reached (both reported): it goes,
            // as a sibling that could not be mounted does, and the parent's next render
            // tries again.
            var children = parent.children
            children.remove(at: index)
            parent.setChildren(children)
            parent.reconciledElements = nil
            return .failed
        }
        mounted.indexInParent = waiting.indexInParent
        parent.children[index] = mounted
        return .mounted(mounted)
    }

    /// Whether a component element mounted under `parent` waits: the host container it
    /// goes into makes its children as they come into view.
    @inline(__always)
    func waits(_ element: Element, under parent: Instance) -> Bool {
        !element.isHost && parent.hostContainer?.defersComponents == true
    }
}

/// A component that waits to be rendered (see ``Reconciler/render(waiting:)``): its
/// latest element, and the placeholder host node standing for it.
final class WaitingInstance: Instance {
    override var asWaiting: WaitingInstance? { self }
    override var isPlaceholder: Bool { false }
}
