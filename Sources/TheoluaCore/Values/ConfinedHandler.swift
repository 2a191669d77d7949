#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A value only the thread that made the box may use, though any thread may hold it:
/// how the host's state that is not `Sendable` rides along with work that crosses
/// threads and comes back (a handler, an async host function's reply).
public final class ThreadConfined<Wrapped>: @unchecked Sendable {
    /// The thread that made it.
    private let thread = pthread_self()
    private let value: Wrapped

    /// Boxes `value` for the current thread.
    public init(_ value: Wrapped) {
        self.value = value
    }

    /// Whether the current thread is the one that made the box.
    public var isOnItsThread: Bool { pthread_equal(pthread_self(), thread) != 0 }

    /// The value on its thread; `nil` on any other.
    public var valueOnItsThread: Wrapped? { isOnItsThread ? value : nil }
}

/// A Swift closure usable as a handler that need not be `@Sendable`: it may capture the
/// host's own state (a model class, a view's data) because it only ever runs on the
/// thread that made it, which is the runtime's. Handlers are values any thread may hold,
/// but a runtime calls them only on its own thread; a call from any other thread does
/// not run the closure and is an error the dispatcher reports.
public final class ConfinedHandlerFunction: HandlerFunction {
    private let body: ThreadConfined<([Value]) throws -> Value>

    /// Wraps `body`, to be called on the current thread only.
    public init(_ body: @escaping ([Value]) throws -> Value) {
        self.body = ThreadConfined(body)
    }

    public var handlerDescription: String { "Swift function (confined)" }

    public func call(_ arguments: [Value]) throws -> Value {
        guard let body = body.valueOnItsThread else { throw OffThreadCall() }
        return try body(arguments)
    }

    /// What a call from another thread throws.
    public struct OffThreadCall: Error, CustomStringConvertible {
        public var description: String {
            "a confined Swift handler was called off the thread that made it (make it on the runtime's thread)"
        }
    }
}

extension Handler {
    /// A handler calling a Swift closure that stays on the runtime's thread: it may
    /// capture state that is not `Sendable`. Make it on the runtime's thread (in a
    /// component's render, a host's `prepare`, or work sent through the runtime's feed).
    /// Its result is the handler's: `.bool(true)` from an `onKey` handler stops the key.
    public static func confined(_ body: @escaping ([Value]) throws -> Value) -> Handler {
        Handler(function: ConfinedHandlerFunction(body))
    }

    /// A handler calling a Swift closure with no result that stays on the runtime's
    /// thread, as the other `confined` does.
    public static func confined(_ body: @escaping ([Value]) throws -> Void) -> Handler {
        Handler(function: ConfinedHandlerFunction { arguments in
            try body(arguments)
            return .null
        })
    }
}
