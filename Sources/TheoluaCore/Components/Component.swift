import TheoluaLock

/// A component written in Swift. The conforming value is the component's props:
/// immutable, `Sendable` and `Equatable`, so an unchanged component is not re-rendered.
///
/// ```swift
/// struct Counter: Component {
///     var label: String
///     struct State: Equatable, Sendable { var count = 0 }
///     static func initialState(_ props: Counter) -> State { State() }
///     func render(_ context: ComponentContext<Counter>) -> [Element] {
///         [.row(["gap": 1], children: [
///             .text("\(label): \(context.state.count)"),
///             .button("+", onPress: context.handler("increment")),
///         ])]
///     }
///     func perform(_ action: String, _ arguments: [Value], _ context: ComponentContext<Counter>) -> Bool {
///         guard action == "increment" else { return false }
///         context.mutateState { $0.count += 1 }
///         return true
///     }
/// }
/// ```
public protocol Component: Sendable, Equatable {
    /// The state each logical component keeps; ``NoState`` for stateless components.
    associatedtype State: Sendable & Equatable = NoState

    /// The component's name: its identity among siblings. Defaults to the type's name.
    static var name: String { get }

    /// The state of a new logical component. Runs once, in its first generation.
    static func initialState(_ props: Self) -> State

    /// The children of one generation. Runs on first mount and whenever the props or the
    /// state changed.
    func render(_ context: ComponentContext<Self>) throws -> [Element]

    /// Handles `action` if this component knows it; returns whether it did. An action
    /// bound to `onKey` that returns true consumes the key.
    func perform(_ action: String, _ arguments: [Value], _ context: ComponentContext<Self>) throws -> Bool

    /// Handles `action` and returns its result, or `nil` when this component does not
    /// know it (the action then goes on up the responder chain). The default calls
    /// ``perform(_:_:_:)`` and returns `true` when it handled the action. Implement this
    /// one when the result matters: an `onKey` action that lets a key through returns
    /// `.bool(false)`, handled, without consuming the key.
    func performReturningValue(_ action: String, _ arguments: [Value], _ context: ComponentContext<Self>) throws
        -> Value?

    /// The controller of a new logical component, or `nil`. Runs once, in its first
    /// generation, after its first render.
    static func makeController(_ context: ComponentContext<Self>) -> (any ComponentController)?
}

/// The handle a Swift component's render, actions and controller use.
public typealias ComponentContext<C: Component> = ComponentRef<SwiftComponent<C>>

extension Component {
    /// The type's name, without module or generic arguments.
    public static var name: String { ComponentTypeNames.name(of: Self.self) }

    /// Handles no action.
    public func perform(_ action: String, _ arguments: [Value], _ context: ComponentContext<Self>) throws -> Bool {
        false
    }

    /// ``perform(_:_:_:)``'s answer as a result: `true` when it handled the action.
    public func performReturningValue(_ action: String, _ arguments: [Value], _ context: ComponentContext<Self>)
        throws -> Value?
    {
        // A Swift action that handled an `onKey` key has consumed it, as a script's
        // handler returning true has.
        try perform(action, arguments, context) ? .bool(true) : nil
    }

    /// No controller.
    public static func makeController(_ context: ComponentContext<Self>) -> (any ComponentController)? {
        nil
    }

    /// This component as an element, with an optional key.
    public func element(key: Key? = nil) -> Element {
        .component(SwiftComponent<Self>(), props: self, key: key)
    }
}

extension Component where State == NoState {
    /// A stateless component's state.
    public static func initialState(_ props: Self) -> NoState { NoState() }
}

/// The definition of a Swift ``Component`` type: its props are the component value.
public struct SwiftComponent<C: Component>: ComponentDefinition {
    public typealias Props = C
    public typealias State = C.State

    /// The definition of `C`.
    public init() {}

    public var name: String { C.name }

    public func initialState(props: C) throws -> C.State {
        C.initialState(props)
    }

    public func render(_ component: ComponentRef<SwiftComponent<C>>) throws -> [Element] {
        try component.props.render(component)
    }

    public func perform(action: String, arguments: [Value], component: ComponentRef<SwiftComponent<C>>) throws
        -> Value?
    {
        try component.props.performReturningValue(action, arguments, component)
    }

    public func makeController(for component: ComponentRef<SwiftComponent<C>>) throws
        -> (any ComponentController)?
    {
        C.makeController(component)
    }
}

/// A stateless component defined by a name and a render function over record props:
/// the cheapest kind of component, and the shape of a script's function-form component.
public struct FunctionComponent: ComponentDefinition {
    public typealias Props = Record
    public typealias State = NoState

    /// Identifies the render function for equality: equal identities render alike.
    private let identity: ObjectIdentifier
    private let body: Body

    private final class Body: Sendable {
        let render: @Sendable (Record) throws -> [Element]
        init(_ render: @escaping @Sendable (Record) throws -> [Element]) { self.render = render }
    }

    public let name: String

    /// A component named `name` rendering with `render`.
    public init(name: String, render: @escaping @Sendable (Record) throws -> [Element]) {
        self.name = name
        body = Body(render)
        identity = ObjectIdentifier(body)
    }

    public static func == (lhs: FunctionComponent, rhs: FunctionComponent) -> Bool {
        lhs.identity == rhs.identity
    }

    public func initialState(props: Record) throws -> NoState { NoState() }

    public func render(_ component: ComponentRef<FunctionComponent>) throws -> [Element] {
        try body.render(component.props)
    }

    /// An element of this component with `props`.
    public func callAsFunction(_ props: Record = Record(), key: Key? = nil) -> Element {
        .component(self, props: props, key: key)
    }
}

/// The default names of Swift component types, computed once per type: reflecting a
/// type's name is far too slow for every element.
enum ComponentTypeNames {
    private static let names = Locked<[ObjectIdentifier: String]>([:])

    static func name<T>(of type: T.Type) -> String {
        let id = ObjectIdentifier(type)
        if let name = names.withLock({ $0[id] }) { return name }
        let name = String(describing: type)
        names.withLock { $0[id] = name }
        return name
    }
}
