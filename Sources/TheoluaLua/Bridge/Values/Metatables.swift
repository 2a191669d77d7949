import CLua
import CLuaSupport
import TheoluaCore

extension LuaBridge {
    /// Adds the metamethods of `kind` to the metatable at the top: `[mt]` → `[mt]`.
    func installMethods(for kind: ObjectKind) {
        switch kind {
        case .element:
            setMetamethod("__tostring") { L in
                LuaBridge.entry(L) { bridge, L in
                    let text = bridge.element(at: 1)?.description ?? "element"
                    bridge.state.push("element " + text)
                    return 1
                }
            }
            setMetamethod("__index") { L in
                LuaBridge.entry(L) { bridge, L in
                    guard let element = bridge.element(at: 1) else { return 0 }
                    switch bridge.state.string(at: 2) {
                    case "type": bridge.state.push(element.typeName)
                    case "key":
                        switch element.key {
                        case .string(let key)?: bridge.state.push(key)
                        case .int(let key)?: lua_pushinteger(L, lua_Integer(key))
                        case nil: lua_pushnil(L)
                        }
                    default: lua_pushnil(L)
                    }
                    return 1
                }
            }
            setMetamethod("__newindex") { L in
                LuaBridge.entry(L) { bridge, _ in throw bridge.raise("elements are immutable") }
            }
        case .handler:
            setMetamethod("__call") { L in
                LuaBridge.entry(L) { bridge, L in
                    guard let handler = bridge.object(at: 1, kind: .handler, as: Box<Handler>.self)?.value else {
                        return 0
                    }
                    let arguments = try bridge.arguments(from: 2, owner: "handler", what: "argument")
                    bridge.dispatch(handler, arguments: arguments)
                    return 0
                }
            }
            setMetamethod("__eq") { L in
                LuaBridge.entry(L) { bridge, L in
                    let a = bridge.object(at: 1, kind: .handler, as: Box<Handler>.self)?.value
                    let b = bridge.object(at: 2, kind: .handler, as: Box<Handler>.self)?.value
                    lua_pushboolean(L, a != nil && a == b ? 1 : 0)
                    return 1
                }
            }
            setMetamethod("__tostring") { L in
                LuaBridge.entry(L) { bridge, L in
                    bridge.state.push(
                        bridge.object(at: 1, kind: .handler, as: Box<Handler>.self)?.value.description ?? "handler")
                    return 1
                }
            }
        case .view:
            installViewMethods()
        case .component:
            setMetamethod("__newindex", LuaBridge.selfNewIndex)
            setMetamethod("__tostring") { L in
                LuaBridge.entry(L) { bridge, L in
                    bridge.state.push("component " + (bridge.component(at: 1)?.path ?? "?"))
                    return 1
                }
            }
        case .timer:
            setMethods(.methods([("cancel", LuaBridge.cancelTimer)]))
        case .task:
            setMethods(.methods([("cancel", LuaBridge.cancelTask)]))
        case .definition:
            break
        case .process, .watch, .request:
            break  // the capability that makes them gives their methods when installed
        case .context:
            setMetamethod("__index", LuaBridge.contextIndex)
            setMetamethod("__tostring") { L in
                LuaBridge.entry(L) { bridge, L in
                    bridge.state.push("context " + (bridge.context(at: 1)?.name ?? "?"))
                    return 1
                }
            }
        }
    }

    /// Calls a handler from Lua: through the reconciler for action handlers, directly
    /// for functions. Errors inside are reported by the reconciler.
    func dispatch(_ handler: Handler, arguments: [Value]) {
        if let reconciler {
            reconciler.dispatch(handler, arguments: arguments)
        } else if case .function(let box) = handler.target {
            do {
                _ = try box.function.call(arguments)
            } catch let error as ScriptError {
                onError(error)
            } catch {
                onError(ScriptError(.runtime, message: "\(error)"))
            }
        }
    }
}
