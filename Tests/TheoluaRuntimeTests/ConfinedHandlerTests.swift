import Testing
import TheoluaRuntime

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `Handler.confined`: a host's closure that captures its own state, not `Sendable`,
/// runs on the runtime's thread and nowhere else (docs/embedding.md, "Handlers").
@Suite struct ConfinedHandlerTests {
    /// A host's model: a plain class, which a `@Sendable` closure could not capture.
    final class Board {
        var restarts: [String] = []
    }

    @Test func aConfinedHandlerUsesTheHostsStateOnTheRuntimesThread() throws {
        let board = Board()
        let runtime = try Runtime(width: 20, height: 2)
        runtime.mount(.button("restart api", onPress: .confined { _ in board.restarts.append("api") }))
        try runtime.send(keys: "enter enter")
        #expect(board.restarts == ["api", "api"])
        #expect(runtime.takeErrors().isEmpty)
    }

    @Test func aConfinedHandlersResultIsTheHandlers() throws {
        let stopsKeys = Handler.confined { arguments in .bool(arguments.first?["name"] == "tab") }
        guard case .function(let box) = stopsKeys.target else {
            Issue.record("a confined handler holds a function")
            return
        }
        #expect(try box.function.call([["name": "tab"]]) == .bool(true))
        #expect(try box.function.call([["name": "x"]]) == .bool(false))
    }

    @Test func aCallFromAnotherThreadDoesNotRunTheClosure() throws {
        let board = Board()
        let handler = Handler.confined { _ in board.restarts.append("api") }
        guard case .function(let box) = handler.target else {
            Issue.record("a confined handler holds a function")
            return
        }
        let function = UnsafeSendable(box.function)
        let outcome = UnsafeSendable(Result<Value, any Error>.success(.null))
        var thread = pthread_t()
        let context = Unmanaged.passRetained(Box {
            outcome.value = Result(catching: { try function.value.call([]) })
        }).toOpaque()
        #expect(pthread_create(&thread, nil, { context in
            guard let context else { return nil }
            Unmanaged<Box>.fromOpaque(context).takeRetainedValue().body()
            return nil
        }, context) == 0)
        pthread_join(thread, nil)
        #expect(throws: ConfinedHandlerFunction.OffThreadCall.self) { try outcome.value.get() }
        #expect(board.restarts.isEmpty)
        #expect(try box.function.call([]) == .null)
        #expect(board.restarts == ["api"])
    }

    private final class Box {
        let body: () -> Void
        init(_ body: @escaping () -> Void) { self.body = body }
    }

    private final class UnsafeSendable<T>: @unchecked Sendable {
        var value: T
        init(_ value: T) { self.value = value }
    }
}
