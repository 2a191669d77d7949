import Synchronization

/// The identity of one logical component within a process: stable across every
/// generation of the component, never reused after it unmounts.
public struct ComponentID: Hashable, Sendable, CustomStringConvertible {
    /// The raw number, unique per process.
    public let rawValue: Int

    private static let counter = Atomic<Int>(0)

    static func next() -> ComponentID {
        ComponentID(rawValue: counter.wrappingAdd(1, ordering: .relaxed).newValue)
    }

    public var description: String { "#\(rawValue)" }
}

/// A function a handler can call: a script closure, or a Swift closure wrapped by
/// ``Handler/function(_:)``. Handlers holding functions compare by the function's identity.
public protocol HandlerFunction: AnyObject, Sendable {
    /// A short description for messages, such as `function at app.lua:12`.
    var handlerDescription: String { get }

    /// The component that made the function, for naming it in errors; `nil` when none.
    var ownerName: String? { get }

    /// Where the function is written, as `file:line`, for errors about what it did (a
    /// list's `render(i)` returning a table, say); `nil` when it is not script code.
    var sourceLocation: String? { get }

    /// Calls the function with the handler's arguments and returns its result (`.null`
    /// for none). Errors are reported by the dispatcher as script errors.
    func call(_ arguments: [Value]) throws -> Value
}

/// A Swift closure usable as a handler.
public final class SwiftHandlerFunction: HandlerFunction {
    /// The closure, called with the handler's arguments.
    public let body: @Sendable ([Value]) -> Void

    /// Wraps `body`.
    public init(_ body: @escaping @Sendable ([Value]) -> Void) {
        self.body = body
    }

    public var handlerDescription: String { "Swift function" }

    public func call(_ arguments: [Value]) throws -> Value {
        body(arguments)
        return .null
    }
}

/// A handler value: what `onPress` and similar props hold.
///
/// An action handler names a logical component, an action and bound arguments. It is
/// equal across the component's generations, so passing a fresh one as a prop on every
/// render does not defeat memoization, and calling it always reaches the component's
/// latest generation. A function handler compares by the function's identity.
public struct Handler: Sendable, Hashable, CustomStringConvertible {
    /// What the handler does when called.
    public enum Target: Sendable, Hashable {
        /// Dispatch `action` along the responder chain starting at `component`.
        case action(component: ComponentID, action: String, arguments: ValueArray)
        /// Call a function.
        case function(FunctionBox)
    }

    /// A function compared and hashed by identity.
    public struct FunctionBox: Sendable, Hashable {
        /// The function.
        public let function: any HandlerFunction

        public static func == (lhs: FunctionBox, rhs: FunctionBox) -> Bool {
            lhs.function === rhs.function
        }

        public func hash(into hasher: inout Hasher) {
            hasher.combine(ObjectIdentifier(function))
        }
    }

    /// The target and name, in one shared object: a handler is one reference wide, so
    /// every ``Value`` (which may hold one) stays small.
    private final class Storage: Sendable {
        let target: Target
        let componentName: String?

        init(target: Target, componentName: String?) {
            self.target = target
            self.componentName = componentName
        }
    }

    private let storage: Storage

    /// What calling this handler does.
    public var target: Target { storage.target }

    /// The name of the component the handler is bound to, for messages. Not part of
    /// equality: a component's name never changes for one ``ComponentID``.
    public var componentName: String? { storage.componentName }

    /// A handler dispatching `action` to `component` with `arguments` bound first.
    public init(component: ComponentID, named componentName: String, action: String, arguments: [Value] = []) {
        storage = Storage(
            target: .action(component: component, action: action, arguments: ValueArray(arguments)),
            componentName: componentName)
    }

    /// A handler calling `function`.
    public init(function: any HandlerFunction) {
        storage = Storage(target: .function(FunctionBox(function: function)), componentName: nil)
    }

    /// A handler calling a Swift closure with the call's arguments.
    public static func function(_ body: @escaping @Sendable ([Value]) -> Void) -> Handler {
        Handler(function: SwiftHandlerFunction(body))
    }

    public static func == (lhs: Handler, rhs: Handler) -> Bool {
        lhs.storage === rhs.storage || lhs.target == rhs.target
    }

    public func hash(into hasher: inout Hasher) { hasher.combine(target) }

    public var description: String {
        switch target {
        case .action(_, let action, let arguments):
            let bound = arguments.isEmpty ? "" : " " + arguments.description
            return "handler(\(componentName ?? "?").\(action)\(bound))"
        case .function(let box):
            return box.function.handlerDescription
        }
    }
}

extension HandlerFunction {
    public var ownerName: String? { nil }
    public var sourceLocation: String? { nil }
}
