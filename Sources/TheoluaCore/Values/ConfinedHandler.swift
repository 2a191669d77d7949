/// A Swift closure usable as a handler that need not be `@Sendable`: it may capture the
/// host's own state (a model class, a view's data), as `Runtime.onEmit` may. Handlers
/// are values any thread may hold, but the runtime is the only caller of this one, and
/// it calls it where it runs: on the thread (or the actor, or the serial chain of tasks)
/// that drives the runtime, never alongside it. Calling `call` yourself from elsewhere
/// breaks that promise.
public final class ConfinedHandlerFunction: HandlerFunction, @unchecked Sendable {
    private let body: ([Value]) throws -> Value

    /// Wraps `body`, to be called by the runtime only.
    public init(_ body: @escaping ([Value]) throws -> Value) {
        self.body = body
    }

    public var handlerDescription: String { "Swift function (confined)" }

    public func call(_ arguments: [Value]) throws -> Value {
        try body(arguments)
    }
}

extension Handler {
    /// A handler calling a Swift closure that may capture state that is not `Sendable`:
    /// the runtime calls it where it runs, as it calls `onEmit` (see
    /// ``ConfinedHandlerFunction``). Its result is the handler's: `.bool(true)` from an
    /// `onKey` handler stops the key.
    public static func confined(_ body: @escaping ([Value]) throws -> Value) -> Handler {
        Handler(function: ConfinedHandlerFunction(body))
    }

    /// A handler calling a Swift closure with no result that may capture state that is
    /// not `Sendable`, as the other `confined` does.
    public static func confined(_ body: @escaping ([Value]) throws -> Void) -> Handler {
        Handler(function: ConfinedHandlerFunction { arguments in
            try body(arguments)
            return .null
        })
    }
}
