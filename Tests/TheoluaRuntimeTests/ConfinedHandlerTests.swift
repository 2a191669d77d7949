import Testing
import TheoluaRuntime

/// `Handler.confined`: a host's closure that captures its own state, not `Sendable`,
/// called by the runtime (docs/embedding.md, "Handlers").
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
}
