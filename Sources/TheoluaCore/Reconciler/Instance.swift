/// One mounted element in the reconciler's tree: a host primitive, a component, or the
/// root container. An instance lives from the generation that mounts it to the one
/// that removes it; the elements it is given change, its identity does not.
///
/// Public only as the base of ``HostNode``: everything it holds is the reconciler's.
/// Its stored properties are read and written without dynamic exclusivity checks (a
/// tenth of a first frame's instructions): instances live on their reconciler's
/// thread, and no property is passed `inout` across a call that could reach it again.
public class Instance {
    /// The parent while mounted; cleared when the instance is detached. Not `weak`: a
    /// parent always outlives its mounted children, and weak references cost a side
    /// allocation per instance.
    @exclusivity(unchecked) unowned(unsafe) var parent: Instance?
    @exclusivity(unchecked) var children: [Instance] = []
    /// The elements the children were last reconciled with, one per child in order, or
    /// `nil` when that is not known (the last reconcile stopped early, or an element
    /// could not be mounted) or the children are few. Then an element given again is
    /// recognised in this array, without reading its child, which matters for long
    /// lists.
    @exclusivity(unchecked) var reconciledElements: [Element]? = nil
    /// The element of the latest generation.
    @exclusivity(unchecked) var element: Element
    /// The position among siblings it was mounted at: its identity when unkeyed.
    private let mountedPosition: Int32
    /// This instance's index in `parent.children`.
    @exclusivity(unchecked) var indexInParent: Int32 = 0
    /// How many ancestors it has.
    let depth: Int32
    @exclusivity(unchecked) var isMounted = false
    /// Whether updates are queued and the instance is in the reconciler's dirty list
    /// (only components have updates; kept here so reconciling reads it without a
    /// virtual call).
    @exclusivity(unchecked) var isDirty = false
    /// The host node this instance's top host nodes live in (`nil`: the root container).
    /// Not retained: a host node holds its children, which would make a cycle, and it
    /// outlives them like any parent.
    @exclusivity(unchecked) unowned(unsafe) var hostParent: HostNode?

    init(element: Element, parent: Instance?, slot: Slot) {
        self.element = element
        self.parent = parent
        if case .position(let position) = slot {
            mountedPosition = Int32(clamping: position)
        } else {
            mountedPosition = -1
        }
        depth = (parent?.depth ?? -1) + 1
    }

    /// The identity among siblings: key, or position when unkeyed. A later generation's
    /// element has the key of the first (or none), or it would not be this instance's.
    var slot: Slot {
        if let key = element.slotKey { return .key(key) }
        return .position(Int(mountedPosition))
    }

    /// This instance as a host instance, without a dynamic cast.
    var asHost: HostNode? { nil }
    /// This instance as a component instance, without a dynamic cast.
    var asComponent: ComponentInstanceBase? { nil }
    /// This instance as a component waiting to be rendered, without a dynamic cast.
    var asWaiting: WaitingInstance? { nil }
    /// The identity of a component instance's definition type.
    var componentTypeID: ObjectIdentifier? { nil }
    /// Whether this is a plain placeholder instance (of ``Element/empty``).
    var isPlaceholder: Bool { true }
    /// Whether this instance's children are the direct children of a host container
    /// (a host node, or the root), so host order does not continue past them.
    var endsHostRun: Bool { false }

    /// The host node that this instance's children are inserted into.
    var hostContainer: HostNode? { hostParent }

    /// The name used in paths and messages: `Row#a`, `box`, `List`.
    var displayName: String {
        if case .key(let key) = slot { return "\(element.typeName)#\(key.text)" }
        return element.typeName
    }

    /// Whether `element` at `slot` is a later generation of this instance.
    final func matches(_ element: Element, at slot: Slot) -> Bool {
        self.slot == slot
            && (self.element.storage === element.storage
                || (self.element.typeName == element.typeName && element.storage.canUpdate(self)))
    }

    /// The first host node of this instance's output, in host order.
    var firstHostNode: HostNode? {
        guard isMounted else { return nil }
        for child in children {
            if let node = child.firstHostNode { return node }
        }
        return nil
    }

    /// Appends the topmost host nodes of this instance's output, in order.
    func collectTopHostNodes(into nodes: inout [HostNode]) {
        for child in children { child.collectTopHostNodes(into: &nodes) }
    }

    /// The place of this instance among its component ancestors: `App › List › Row#a`.
    var scopePath: String {
        var names: [String] = []
        var current: Instance? = self
        while let instance = current {
            if instance.asComponent != nil || instance === self { names.append(instance.displayName) }
            current = instance.parent
        }
        return names.reversed().joined(separator: " › ")
    }

    /// The nearest component at or above this instance, for naming errors.
    var owningComponent: ComponentInstanceBase? {
        var current: Instance? = self
        while let instance = current {
            if let component = instance.asComponent { return component }
            current = instance.parent
        }
        return nil
    }

    /// Keeps the elements the children were just reconciled with, when they are many
    /// enough for the array to pay for itself; a few children are read directly.
    final func rememberElements(_ elements: [Element]) {
        reconciledElements = elements.count >= 16 ? elements : nil
    }

    final func setChildren(_ newChildren: [Instance]) {
        children = newChildren
        for (index, child) in newChildren.enumerated() { child.indexInParent = Int32(truncatingIfNeeded: index) }
    }
}

/// The invisible container the root element is mounted into.
final class RootInstance: Instance {
    init() {
        super.init(element: .host("root"), parent: nil, slot: .position(0))
        isMounted = true
    }

    override var displayName: String { "root" }
    override var endsHostRun: Bool { true }
    override var isPlaceholder: Bool { false }
}
