import CLua
import CLuaSupport
import TheoluaCore

/// Values going the other way, Swift to Lua: props and state as read-only views, plain
/// values as fresh tables, handlers as the functions they call when those are Lua's.
extension LuaBridge {
    /// Pushes `value` for reading: aggregates as read-only views labelled `label`
    /// (`state`, `props`), for error messages naming `owner`: `[]` → `[v]`.
    func pushView(_ value: Value, owner: String, label: String) {
        switch value {
        case .array, .record: pushView(View(value: value, owner: owner, label: label))
        default: pushScalar(value)
        }
    }

    /// Pushes a field or item of `parent` for reading: `[]` → `[v]`.
    func pushView(_ value: Value, in parent: View, at step: PathComponent) {
        switch value {
        case .array, .record: pushView(View(value: value, in: parent, at: step))
        default: pushScalar(value)
        }
    }

    /// Pushes the userdata of `view`: `[]` → `[u]`.
    private func pushView(_ view: View) {
        theolua_push_view_object(L, Unmanaged.passRetained(view).toOpaque())
    }

    /// Pushes `value` as plain, mutable Lua data (fresh tables): `[]` → `[v]`.
    func pushPlain(_ value: Value) {
        guard lua_checkstack(L, 4) != 0 else {
            lua_pushnil(L)
            return
        }
        switch value {
        case .array(let array):
            lua_createtable(L, Int32(clamping: array.count), 0)
            for (position, item) in array.enumerated() {
                pushPlain(item)
                lua_rawseti(L, -2, lua_Integer(position + 1))
            }
        case .record(let record):
            lua_createtable(L, 0, Int32(clamping: record.count))
            for (key, item) in record {
                state.push(key)
                pushPlain(item)
                lua_rawset(L, -3)
            }
        default:
            pushScalar(value)
        }
    }

    /// Pushes a non-aggregate value: `[]` → `[v]`.
    func pushScalar(_ value: Value) {
        switch value {
        case .null: lua_pushnil(L)
        case .bool(let flag): lua_pushboolean(L, flag ? 1 : 0)
        case .int(let number): lua_pushinteger(L, lua_Integer(number))
        case .double(let number): lua_pushnumber(L, number)
        case .string(let text): state.push(text)
        case .handler(let handler):
            if case .function(let box) = handler.target, let function = box.function as? LuaFunction,
                function.bridge === self
            {
                function.ref.push(L)
            } else {
                pushObject(Box(handler), kind: .handler)
            }
        case .element(let element): pushElement(element)
        case .array, .record: pushPlain(value)
        }
    }
}
