import CLua
import CLuaSupport
import TheoluaCore

/// A read-only view of props or state: what `self.props` and `self.state` are.
final class View {
    let value: Value
    /// The component, for error messages.
    let owner: String
    private let parent: View?
    private let step: PathComponent

    init(value: Value, owner: String, label: String) {
        self.value = value
        self.owner = owner
        parent = nil
        step = .field(label)
    }

    init(value: Value, in parent: View, at step: PathComponent) {
        self.value = value
        owner = parent.owner
        self.parent = parent
        self.step = step
    }

    /// The path from `props` or `state`, for error messages; built only when asked for.
    var label: String {
        let base = parent?.label ?? ""
        switch step {
        case .field(let name): return base.isEmpty ? name : "\(base).\(name)"
        case .index(let index): return "\(base)[\(index)]"
        }
    }

    /// Whether this views state (rather than props).
    var isState: Bool {
        if let parent { return parent.isState }
        if case .field(let name) = step { return name == "state" }
        return false
    }
}

extension LuaBridge {
    /// `__index`, `__newindex`, `__len`, `__pairs`, `__eq` and `__tostring` of read-only
    /// views: `[mt]` → `[mt]`.
    func installViewMethods() {
        theolua_push_view_index(L) { L in
            LuaBridge.entry(L) { bridge, L in
                guard let view = bridge.object(at: 1, kind: .view, as: View.self) else { return 0 }
                bridge.pushField(of: view, key: 2)
                theolua_keep_view_field(L, 1, 2, -1)
                return 1
            }
        }
        lua_setfield(L, -2, "__index")
        setMetamethod("__newindex") { L in
            LuaBridge.entry(L) { bridge, L in
                guard let view = bridge.object(at: 1, kind: .view, as: View.self) else { return 0 }
                let key = bridge.state.describe(2)
                let field = lua_type(L, 2) == LUA_TNUMBER ? "\(view.label)[\(key)]" : "\(view.label).\(key)"
                let remedy =
                    view.isState
                    ? "state is read-only; use self:updateState" : "props are read-only; the parent sets them"
                throw bridge.raise("\(view.owner): cannot assign \(field): \(remedy)")
            }
        }
        setMetamethod("__len") { L in
            LuaBridge.entry(L) { bridge, L in
                let view = bridge.object(at: 1, kind: .view, as: View.self)
                lua_pushinteger(L, lua_Integer(view?.value.arrayValue?.count ?? 0))
                return 1
            }
        }
        setMetamethod("__pairs") { L in
            LuaBridge.entry(L) { bridge, L in
                theolua_pushfunction(L, LuaBridge.viewNext, 0)
                lua_pushvalue(L, 1)
                lua_pushnil(L)
                return 3
            }
        }
        setMetamethod("__eq") { L in
            LuaBridge.entry(L) { bridge, L in
                let a = bridge.object(at: 1, kind: .view, as: View.self)?.value
                let b = bridge.object(at: 2, kind: .view, as: View.self)?.value
                lua_pushboolean(L, a != nil && a == b ? 1 : 0)
                return 1
            }
        }
        setMetamethod("__tostring") { L in
            LuaBridge.entry(L) { bridge, L in
                bridge.state.push(bridge.object(at: 1, kind: .view, as: View.self)?.value.description ?? "view")
                return 1
            }
        }
    }

    /// Pushes `view[key]` (key at stack index `key`): `[]` → `[v]`.
    func pushField(of view: View, key: Int32) {
        switch view.value {
        case .record(let record):
            // The name is compared as the bytes Lua holds: no String is made for it.
            var length = 0
            guard lua_type(L, key) == LUA_TSTRING, let name = lua_tolstring(L, key, &length),
                let position = record.position(ofUTF8: UnsafeRawBufferPointer(start: name, count: length))
            else {
                lua_pushnil(L)
                return
            }
            let entry = record.entries[position]
            pushView(entry.value, in: view, at: .field(entry.key))
        case .array(let array):
            guard lua_type(L, key) == LUA_TNUMBER, lua_isinteger(L, key) != 0 else {
                lua_pushnil(L)
                return
            }
            let position = Int(lua_tointegerx(L, key, nil))
            guard position >= 1 && position <= array.count else {
                lua_pushnil(L)
                return
            }
            pushView(array[position - 1], in: view, at: .index(position))
        default:
            lua_pushnil(L)
        }
    }

    /// The iterator of `pairs(view)`: `next(view, key)` in insertion order.
    static let viewNext: theolua_function = { L in
        LuaBridge.entry(L) { bridge, L in
            guard let view = bridge.object(at: 1, kind: .view, as: View.self) else { return 0 }
            switch view.value {
            case .record(let record):
                var next = 0
                if lua_type(L, 2) != LUA_TNIL {
                    guard let key = bridge.state.string(at: 2), let position = record.position(of: key) else {
                        return 0
                    }
                    next = position + 1
                }
                guard next < record.count else { return 0 }
                let (key, value) = record.field(at: next)
                bridge.state.push(key)
                bridge.pushView(value, in: view, at: .field(key))
                return 2
            case .array(let array):
                let next = lua_type(L, 2) == LUA_TNIL ? 1 : Int(lua_tointegerx(L, 2, nil)) + 1
                guard next >= 1 && next <= array.count else { return 0 }
                lua_pushinteger(L, lua_Integer(next))
                bridge.pushView(array[next - 1], in: view, at: .index(next))
                return 2
            default:
                return 0
            }
        }
    }
}
