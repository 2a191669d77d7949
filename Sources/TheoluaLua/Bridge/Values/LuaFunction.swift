import CLua
import TheoluaCore

/// A Lua function held by Swift: a handler target, a state updater, a timer callback.
///
/// `@unchecked Sendable`: handlers must be `Sendable` values, but a Lua function is only
/// ever called on its bridge's thread; its registry reference is released through the
/// bridge's thread-safe release queue.
package final class LuaFunction: HandlerFunction, @unchecked Sendable {
    let ref: LuaRef
    private let link: BridgeLink
    var bridge: LuaBridge? { link.bridge }
    /// What the function is, for messages: `function at app.lua:12`, `ui.every`.
    let location: String
    /// Where the function is written, as `file:line`, when known.
    package let sourceLocation: String?
    /// The component whose code made the function (rendering it, say), if any.
    package let ownerName: String?

    init(ref: LuaRef, bridge: LuaBridge, location: String, sourceLocation: String? = nil) {
        self.ref = ref
        link = bridge.link
        self.location = location
        self.sourceLocation = sourceLocation
        ownerName = bridge.owners.current?.name
    }

    package var handlerDescription: String { location }

    /// Calls the function with `arguments` as plain Lua values; returns its first result.
    /// An error in it names the component that made the function, when one did.
    package func call(_ arguments: [Value]) throws -> Value {
        guard let bridge else { return .null }
        do {
            return try bridge.call(self, arguments: arguments, owner: nil)
        } catch {
            guard let ownerName else { throw error }
            throw error.inComponent(ownerName)
        }
    }
}

extension LuaBridge {
    /// Calls `function` with plain arguments; returns its first result (nil when it
    /// cannot be converted).
    @discardableResult
    func call(_ function: LuaFunction, arguments: [Value], owner: ComponentRef<ScriptComponent>?) throws(ScriptError)
        -> Value
    {
        drainReleases()
        guard lua_checkstack(L, Int32(clamping: arguments.count + 4)) != 0 else {
            throw ScriptError(
                .runtime, location: function.sourceLocation, message: "too many arguments",
                component: owner?.name ?? function.ownerName)
        }
        function.ref.push(L)
        for argument in arguments { pushPlain(argument) }
        do {
            try withOwner(owner) { () throws(ScriptError) in
                try state.call(arguments: Int32(arguments.count), results: 1)
            }
        } catch {
            throw scriptError(error, component: owner?.name)
        }
        return popResult()
    }

    /// Pops a call's result, converted; values that cannot be converted read as nil.
    func popResult() -> Value {
        defer { state.pop() }
        var context = ConversionContext()
        return (try? value(at: -1, &context)) ?? .null
    }
}
