/// An immutable description of UI: a host primitive or a component, its props, its
/// children and an optional key.
///
/// Elements are values: cheap to copy (they share one storage object), `Sendable`, and
/// compared by content with an identity shortcut. Host elements (`text`, `box`, …)
/// carry their props as a ``Record`` and their children as elements; component elements
/// carry their definition's typed props.
public struct Element: Sendable {
    @usableFromInline let storage: ElementStorage

    @usableFromInline init(storage: ElementStorage) {
        self.storage = storage
    }

    /// The primitive's kind (`"text"`, `"box"`, …) or the component's name.
    public var typeName: String { storage.typeName }

    /// The element's key among its siblings, if it has one.
    public var key: Key? { storage.key }

    /// Whether the element is a host primitive rather than a component.
    public var isHost: Bool { storage.isHost }

    /// A host element's props; empty for component elements.
    public var hostProps: Record { storage.hostProps }

    /// A host element's children; empty for component elements.
    public var children: [Element] { storage.hostChildren }

    /// A host primitive of `kind` with `props` and `children`.
    public static func host(_ kind: String, props: Record = Record(), children: [Element] = [], key: Key? = nil)
        -> Element
    {
        Element(storage: HostElementStorage(kind: kind, props: props, children: children, key: key))
    }

    /// An element of a component given by an erased definition, with its props.
    /// Inlinable, so that a caller with a concrete definition type does not look up the
    /// storage class's generic metadata on every call.
    @inlinable
    public static func component<D: ComponentDefinition>(_ definition: D, props: D.Props, key: Key? = nil)
        -> Element
    {
        Element(storage: ComponentElementStorage(definition: definition, props: props, key: key))
    }

    /// The shared storage object, for bridges that keep elements in foreign memory
    /// (one retained pointer instead of a box around the struct).
    package var storageObject: AnyObject { storage }

    /// The definition and props of a component element of definition type `D`; `nil`
    /// for any other element.
    @inlinable
    package func component<D: ComponentDefinition>(of type: D.Type) -> (definition: D, props: D.Props)? {
        guard storage.componentTypeID == ObjectIdentifier(D.self) else { return nil }
        let component = unsafeDowncast(storage, to: ComponentElementStorage<D>.self)
        return (component.definition, component.props)
    }

    /// The element whose storage is `object`, which must be the `storageObject` of an
    /// element (as a bridge knows of the objects it keeps): no dynamic cast.
    @inlinable
    package init(knownStorageObject object: AnyObject) {
        storage = unsafeDowncast(object, to: ElementStorage.self)
    }

    /// How many elements deep this element's description is: 1 for a leaf.
    public var depth: Int { storage.depth }

    /// How many elements this element's description holds, itself included, an element
    /// that appears in several places counted each time.
    public var size: Int { storage.size }

    /// A copy of this element with `key`.
    public func withKey(_ key: Key?) -> Element {
        Element(storage: storage.withKey(key))
    }

    var slotKey: Key? { storage.key }
}

extension Element: Hashable {
    public static func == (lhs: Element, rhs: Element) -> Bool {
        lhs.storage === rhs.storage || lhs.storage.isEqual(to: rhs.storage)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(storage.typeName)
        hasher.combine(storage.key)
        storage.hashContent(into: &hasher)
    }
}

extension Element: CustomStringConvertible {
    /// The element in a compact form, e.g. `box{direction = "row"}[text("a"), Row#2]`.
    public var description: String { storage.describe() }
}

/// Shared storage of an element; subclasses hold host or typed component content.
@usableFromInline
class ElementStorage: @unchecked Sendable {
    // @unchecked: every stored property of this class and its subclasses is an
    // immutable `let` of a Sendable type.
    let typeName: String
    let key: Key?
    /// How many elements deep this element's description is (1 for a leaf).
    let depth: Int
    /// How many elements the description holds, this one included, counting an element
    /// that appears in several places each time (saturating): what comparing, hashing,
    /// printing or mounting it may cost.
    let size: Int

    init(typeName: String, key: Key?, depth: Int = 1, size: Int = 1) {
        self.typeName = typeName
        self.key = key
        self.depth = depth
        self.size = size
    }

    /// The size of an element holding `children`: one more than theirs, saturating.
    static func size(holding children: some Sequence<Element>) -> Int {
        var total = 1
        for child in children { total = min(total &+ child.storage.size, 1 << 50) }
        return total
    }

    var isHost: Bool { false }
    var hostProps: Record { Record() }
    var hostChildren: [Element] { [] }
    /// For component elements, the identity of their definition's type.
    @usableFromInline var componentTypeID: ObjectIdentifier? { nil }
    /// For component elements, their props as an inspector shows them.
    var inspectedProps: Value { .null }

    func isEqual(to other: ElementStorage) -> Bool { false }
    func hashContent(into hasher: inout Hasher) {}
    func withKey(_ key: Key?) -> ElementStorage { self }
    func describe() -> String { typeName }

    /// Whether `instance` was mounted from an element of the same kind of storage, so that
    /// this element can update it in place.
    func canUpdate(_ instance: Instance) -> Bool { false }

    /// A fresh, unmounted instance for this element.
    func makeInstance(parent: Instance?, slot: Slot, element: Element) throws -> Instance {
        HostNode(element: element, parent: parent, slot: slot)
    }
}

/// Storage of a host primitive.
final class HostElementStorage: ElementStorage, @unchecked Sendable {
    let props: Record
    let children: [Element]

    init(kind: String, props: Record, children: [Element], key: Key?) {
        self.props = props
        self.children = children
        super.init(
            typeName: kind, key: key, depth: 1 + (children.lazy.map(\.storage.depth).max() ?? 0),
            size: ElementStorage.size(holding: children))
    }

    override var isHost: Bool { true }
    override var hostProps: Record { props }
    override var hostChildren: [Element] { children }

    override func isEqual(to other: ElementStorage) -> Bool {
        guard other.isHost else { return false }
        let other = unsafeDowncast(other, to: HostElementStorage.self)
        return typeName == other.typeName && key == other.key && props == other.props
            && children == other.children
    }

    override func hashContent(into hasher: inout Hasher) {
        hasher.combine(props)
        hasher.combine(children)
    }

    override func withKey(_ key: Key?) -> ElementStorage {
        HostElementStorage(kind: typeName, props: props, children: children, key: key)
    }

    override func describe() -> String {
        var text = typeName
        if let key { text += "#\(key.text)" }
        if !props.isEmpty { text += props.description }
        if !children.isEmpty { text += "[" + children.map(\.description).joined(separator: ", ") + "]" }
        return text
    }

    override func canUpdate(_ instance: Instance) -> Bool {
        instance.asHost != nil
    }
}

/// Storage of a component element with its definition's typed props.
@usableFromInline
final class ComponentElementStorage<D: ComponentDefinition>: ElementStorage, @unchecked Sendable {
    @usableFromInline let definition: D
    @usableFromInline let props: D.Props

    @usableFromInline init(definition: D, props: D.Props, key: Key?) {
        self.definition = definition
        self.props = props
        var depth = 1
        var size = 1
        // Only record props (script components) and providers carry children elements;
        // the types are identical when a check passes, so the cast is free.
        if D.Props.self == Record.self, let children = unsafeBitCast(props, to: Record.self)["children"]?.arrayValue {
            for case .element(let child) in children {
                depth = max(depth, 1 + child.storage.depth)
                size = min(size &+ child.storage.size, 1 << 50)
            }
        } else if D.Props.self == ContextProvider.Props.self {
            for child in unsafeBitCast(props, to: ContextProvider.Props.self).children {
                depth = max(depth, 1 + child.storage.depth)
                size = min(size &+ child.storage.size, 1 << 50)
            }
        }
        super.init(typeName: definition.name, key: key, depth: depth, size: size)
    }

    @usableFromInline override var componentTypeID: ObjectIdentifier? { ObjectIdentifier(D.self) }
    override var inspectedProps: Value { inspectionValue(of: props) }

    override func isEqual(to other: ElementStorage) -> Bool {
        guard other.componentTypeID == ObjectIdentifier(D.self) else { return false }
        let other = unsafeDowncast(other, to: ComponentElementStorage<D>.self)
        return key == other.key && definition == other.definition && props == other.props
    }

    override func withKey(_ key: Key?) -> ElementStorage {
        ComponentElementStorage(definition: definition, props: props, key: key)
    }

    override func describe() -> String {
        key.map { "\(typeName)#\($0.text)" } ?? typeName
    }

    override func canUpdate(_ instance: Instance) -> Bool {
        if let waiting = instance.asWaiting {
            guard waiting.element.storage.componentTypeID == ObjectIdentifier(D.self) else { return false }
            let current = unsafeDowncast(waiting.element.storage, to: ComponentElementStorage<D>.self).definition
            return current == definition || definition.continues(from: current)
        }
        guard instance.componentTypeID == ObjectIdentifier(D.self) else { return false }
        let current = unsafeDowncast(instance, to: ComponentInstance<D>.self).definition
        return current == definition || definition.continues(from: current)
    }

    override func makeInstance(parent: Instance?, slot: Slot, element: Element) throws -> Instance {
        try makeComponentInstance(parent: parent, slot: slot, element: element)
    }
}

extension Element {
    /// A placeholder that mounts nothing but keeps its position among siblings, so that
    /// `cond and X` leaves the identity of later unkeyed siblings unchanged.
    public static let empty = Element(storage: EmptyElementStorage())

    /// Whether this is the ``empty`` placeholder.
    public var isEmpty: Bool { storage is EmptyElementStorage }
}

/// Storage of the empty placeholder.
final class EmptyElementStorage: ElementStorage, @unchecked Sendable {
    init() { super.init(typeName: "", key: nil) }

    override func isEqual(to other: ElementStorage) -> Bool { other is EmptyElementStorage }

    override func describe() -> String { "nil" }

    override func canUpdate(_ instance: Instance) -> Bool { instance.isPlaceholder }

    override func makeInstance(parent: Instance?, slot: Slot, element: Element) throws -> Instance {
        Instance(element: element, parent: parent, slot: slot)
    }
}
