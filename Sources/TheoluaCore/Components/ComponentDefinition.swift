/// A kind of component as the reconciler sees it, with typed props and state.
///
/// Swift components get one from ``Component`` conformance; the Lua bridge makes one per
/// `ui.component` definition. A definition is a value: two definitions are equal when
/// they would behave alike, so a script reload that replaces a definition (equal name,
/// unequal definition) re-renders the component's instances while keeping their state.
public protocol ComponentDefinition: Sendable, Equatable {
    /// The props an element of this component carries.
    associatedtype Props: Sendable & Equatable
    /// The state each logical component keeps across generations.
    associatedtype State: Sendable & Equatable

    /// The component's name: its identity among siblings and across reloads.
    var name: String { get }

    /// The state of a new logical component. Runs once per logical component, during its
    /// first generation, before its first render; state cannot be read here.
    func initialState(props: Props) throws -> State

    /// The children of one generation: called when the component first mounts and
    /// whenever its props or state changed (or its definition was replaced).
    func render(_ component: ComponentRef<Self>) throws -> [Element]

    /// Performs `action` if this component handles it: returns what it returned (`.null`
    /// for nothing), or `nil` when it does not handle it. Called when a dispatch along the
    /// responder chain reaches this component.
    func perform(action: String, arguments: [Value], component: ComponentRef<Self>) throws -> Value?

    /// The controller of a new logical component, or `nil` for none. Called once, during
    /// the component's first generation, right after its first render.
    func makeController(for component: ComponentRef<Self>) throws -> (any ComponentController)?

    /// Runs once when the logical component has left the tree: after its controller's
    /// `willUnmount` and after its timers were cancelled. Lets a definition release what
    /// it keeps per component (a script's `self` object, say).
    func didUnmount(_ component: ComponentRef<Self>)

    /// Whether a logical component mounted with `previous` (an earlier generation's
    /// definition of the same name) carries on under this one, keeping its state and
    /// controller. When not, it is unmounted and mounted afresh. Always, by default; a
    /// script component says no when its `version` changed.
    func continues(from previous: Self) -> Bool
}

extension ComponentDefinition {
    public func continues(from previous: Self) -> Bool { true }

    public func perform(action: String, arguments: [Value], component: ComponentRef<Self>) throws -> Value? {
        nil
    }

    public func makeController(for component: ComponentRef<Self>) throws -> (any ComponentController)? {
        nil
    }

    public func didUnmount(_ component: ComponentRef<Self>) {}
}

/// The state of a component that keeps none.
public struct NoState: Sendable, Equatable {
    /// The only value.
    public init() {}
}
