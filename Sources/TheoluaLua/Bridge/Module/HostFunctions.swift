import CLua
import CLuaSupport
import TheoluaCore

/// Swift functions a host offers to scripts as `ui.<name>`: plain values in, a plain
/// value out, under the same rules as theolua's own (`ui.readFile`, `ui.spawn`).
struct HostFunction {
    enum Body {
        /// Answers at once.
        case sync(([Value]) throws -> Value)
        /// Answers later by calling `reply` on the runtime's thread.
        case async(([Value], @escaping (Result<Value, any Error>) -> Void) -> Void)
    }

    let name: String
    let body: Body
}

/// A reply a script waits for, owned by the component that asked: it is dropped if
/// that component unmounts first.
final class PendingReply: OwnedWork {
    private(set) var isActive = true
    func cancel() { isActive = false }
}

extension LuaBridge {
    /// Offers `body` to scripts as `ui.<name>(...)`: the arguments arrive converted to
    /// plain values; its result is returned to the script. An error it throws is a
    /// script error at the calling line (a `PermissionDenied` names the flag that
    /// would allow the call). Register before loading the app.
    public func registerFunction(named name: String, _ body: @escaping ([Value]) throws -> Value) throws(ScriptError) {
        try addHostFunction(HostFunction(name: name, body: .sync(body)))
    }

    /// Offers `body` to scripts as `ui.<name>(..., callback)`: the script passes a
    /// function last, and `body` answers later, on the runtime's thread, by calling
    /// `reply` once. The callback then runs at the run loop's next turn, with the value,
    /// or with `nil` and the error's message. A reply to a component that has unmounted
    /// is dropped, like its timers.
    public func registerAsyncFunction(
        named name: String, _ body: @escaping ([Value], @escaping (Result<Value, any Error>) -> Void) -> Void
    ) throws(ScriptError) {
        try addHostFunction(HostFunction(name: name, body: .async(body)))
    }

    private func addHostFunction(_ function: HostFunction) throws(ScriptError) {
        let name = function.name
        guard !name.isEmpty, name.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }),
            name.first?.isNumber == false
        else {
            throw ScriptError(.runtime, message: "host function name '\(name)' must be a Lua identifier")
        }
        registryTable(.module)
        defer { state.pop() }
        state.rawField(-1, name)
        let taken = lua_type(L, -1) != LUA_TNIL
        state.pop()
        guard !taken else { throw ScriptError(.runtime, message: "ui.\(name) already exists") }
        module.hostFunctions.append(function)
        lua_pushinteger(L, lua_Integer(module.hostFunctions.count - 1))
        theolua_pushfunction(L, LuaBridge.callHostFunction, 1)
        lua_pushvalue(L, -1)
        addToModuleSnapshot(name)
        state.setRawField(-2, name)
    }

    /// `ui.<name>(...)` for a host function.
    static let callHostFunction: theolua_function = { L in
        LuaBridge.entry(L) { bridge, L in
            let index = Int(lua_tointegerx(L, theolua_upvalueindex(1), nil))
            guard bridge.module.hostFunctions.indices.contains(index) else { return 0 }
            let function = bridge.module.hostFunctions[index]
            let subject = "ui.\(function.name)"
            switch function.body {
            case .sync(let body):
                let arguments = try bridge.arguments(from: 1, owner: subject, what: "argument")
                let result: Value
                do {
                    result = try body(arguments)
                } catch {
                    throw bridge.raise("\(subject): \(error)")
                }
                bridge.pushPlain(result)
                return 1
            case .async(let body):
                let top = lua_gettop(L)
                guard top >= 1, lua_type(L, top) == LUA_TFUNCTION else {
                    throw bridge.raise("\(subject): expected a callback function as the last argument")
                }
                lua_pushvalue(L, top)
                let callback = bridge.popFunction(location: subject)
                lua_settop(L, top - 1)
                let arguments = try bridge.arguments(from: 1, owner: subject, what: "argument")
                let owner = bridge.owners.current
                let pending = PendingReply()
                bridge.adopt(pending, owner: owner)
                var replied = false
                body(arguments) { [link = bridge.link] result in
                    guard !replied else { return }
                    replied = true
                    link.bridge?.runLoop.enqueue {
                        guard let bridge = link.bridge, pending.isActive else { return }
                        pending.cancel()
                        bridge.deliver(callback, owner: owner, arguments: 2) {
                            switch result {
                            case .success(let value):
                                bridge.pushPlain(value)
                                lua_pushnil(bridge.L)
                            case .failure(let error):
                                lua_pushnil(bridge.L)
                                bridge.state.push("\(subject): \(error)")
                            }
                        }
                    }
                }
                return 0
            }
        }
    }
}
