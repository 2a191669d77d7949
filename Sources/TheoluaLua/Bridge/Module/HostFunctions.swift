import CLua
import CLuaSupport
import TheoluaCore

/// Swift functions a host offers to scripts as `ui.<namespace>.<name>` (`ui.host.restart`):
/// plain values in, a plain value out, under the same rules as theolua's own
/// (`ui.readFile`, `ui.spawn`).
struct HostFunction {
    enum Body {
        /// Answers at once.
        case sync(([Value]) throws -> Value)
        /// Answers later by calling `reply` on the runtime's thread.
        case async(([Value], @escaping (Result<Value, any Error>) -> Void) -> Void)
    }

    let name: String
    /// The table of `ui` the function is in; `nil` for `ui` itself (theolua's own test
    /// runner, whose names cannot clash with a host's).
    let namespace: String?
    let body: Body

    /// How scripts call it: `ui.host.restart`.
    var path: String { namespace.map { "ui.\($0).\(name)" } ?? "ui.\(name)" }
}

/// A reply a script waits for, owned by the component that asked: it is dropped if
/// that component unmounts first.
final class PendingReply: OwnedWork {
    private(set) var isActive = true
    func cancel() { isActive = false }
}

extension LuaBridge {
    /// Offers `body` to scripts as `ui.<namespace>.<name>(...)` (or `ui.<name>(...)` when
    /// `namespace` is `nil`): the arguments arrive converted to plain values; its result
    /// is returned to the script. An error it throws is a script error at the calling
    /// line (a `PermissionDenied` names the flag that would allow the call). Register
    /// before loading the app.
    public func registerFunction(
        named name: String, in namespace: String?, _ body: @escaping ([Value]) throws -> Value
    ) throws(ScriptError) {
        try addHostFunction(HostFunction(name: name, namespace: namespace, body: .sync(body)))
    }

    /// Offers `body` to scripts as `ui.<namespace>.<name>(..., callback)`: the script passes a
    /// function last, and `body` answers later, on the runtime's thread, by calling
    /// `reply` once. The callback then runs at the run loop's next turn, with the value,
    /// or with `nil` and the error's message. A reply to a component that has unmounted
    /// is dropped, like its timers.
    public func registerAsyncFunction(
        named name: String, in namespace: String?,
        _ body: @escaping ([Value], @escaping (Result<Value, any Error>) -> Void) -> Void
    ) throws(ScriptError) {
        try addHostFunction(HostFunction(name: name, namespace: namespace, body: .async(body)))
    }

    private func addHostFunction(_ function: HostFunction) throws(ScriptError) {
        for word in [function.namespace, function.name].compactMap({ $0 }) {
            guard !word.isEmpty, word.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }),
                word.first?.isNumber == false
            else {
                throw ScriptError(.runtime, message: "host function name '\(word)' must be a Lua identifier")
            }
        }
        let base = lua_gettop(L)
        defer { lua_settop(L, base) }
        registryTable(.module)
        if let namespace = function.namespace {
            state.rawField(-1, namespace)
            if lua_type(L, -1) == LUA_TNIL {
                state.pop()
                lua_createtable(L, 0, 4)
                lua_pushvalue(L, -1)
                addToModuleSnapshot(namespace)
                lua_pushvalue(L, -1)
                state.setRawField(-3, namespace)
                module.hostNamespaces.append(namespace)
            } else if !module.hostNamespaces.contains(namespace) {
                throw ScriptError(.runtime, message: "ui.\(namespace) already exists")
            }
        }
        // The table the function goes in is at the top: `ui` or its namespace.
        state.rawField(-1, function.name)
        let taken = lua_type(L, -1) != LUA_TNIL
        state.pop()
        guard !taken else { throw ScriptError(.runtime, message: "\(function.path) already exists") }
        module.hostFunctions.append(function)
        pushHostFunction(at: module.hostFunctions.count - 1)
        if function.namespace == nil {
            lua_pushvalue(L, -1)
            addToModuleSnapshot(function.name)
        }
        state.setRawField(-2, function.name)
    }

    /// Pushes the Lua function calling `module.hostFunctions[index]`.
    func pushHostFunction(at index: Int) {
        lua_pushinteger(L, lua_Integer(index))
        theolua_pushfunction(L, LuaBridge.callHostFunction, 1)
    }

    /// `ui.<name>(...)` for a host function.
    static let callHostFunction: theolua_function = { L in
        LuaBridge.entry(L) { bridge, L in
            let index = Int(lua_tointegerx(L, theolua_upvalueindex(1), nil))
            guard bridge.module.hostFunctions.indices.contains(index) else { return 0 }
            let function = bridge.module.hostFunctions[index]
            let subject = function.path
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
