import CLua
import CLuaSupport
import TheoluaCore

/// The keyed script-component elements a component's renders made, for its next
/// renders to reuse.
///
/// A list that re-renders builds every row element again, though most rows' props have
/// not changed. While a component renders, each keyed element it makes with a script
/// component's constructor goes into its pool by key, with a snapshot of the
/// constructor table kept in the element's userdata: each named field's name and value
/// (`theolua_push_component_element`). In a later render, a constructor call whose
/// table holds exactly the snapshot's fields, made with the same definition, returns
/// that element itself: no conversion, no allocation, and the reconciler skips an
/// identical element at once. Elements are immutable values, so handing out the same
/// one twice is indistinguishable from making an equal one.
///
/// The constructor's C function compares the table with the snapshot before calling
/// into Swift (`theolua_pushconstructor`). Only tables whose values decide their
/// conversion by identity are snapshotted: up to 16 fields of booleans, numbers
/// (integers and floats apart, floats bit for bit), strings (by bytes) and userdata
/// (elements, views, handlers). A table with anything else (a nested table, a function,
/// array items, a `children` field) builds a new element as usual. When only a
/// userdata differs — a handler made again by `self:handler` in each render — Swift
/// compares the values it holds. The pool is dropped when its component unmounts, and
/// rebuilt when it holds more than twice the keys a render uses.
struct ElementPool {
    /// The pool table (a registry reference), or `LUA_NOREF` before the first keyed
    /// element.
    var table: Int32 = LUA_NOREF
    /// The keys in the table.
    var size = 0
    /// The keyed elements the render under way made or reused.
    var used = 0
}

extension LuaBridge {
    /// The element pool of the render under way, if any: kept in the state's support
    /// record, where component constructors read it.
    var activePool: ElementPool? {
        get {
            let pool = state.pool
            guard pool.active != 0 else { return nil }
            return ElementPool(table: pool.table, size: pool.size, used: pool.used)
        }
        set {
            guard let newValue else {
                state.pool = theolua_pool()
                return
            }
            // `undecided` belongs to the constructor call under way: kept as it is.
            var pool = state.pool
            pool.active = 1
            pool.table = newValue.table
            pool.size = newValue.size
            pool.used = newValue.used
            state.pool = pool
        }
    }

    /// Starts the pooling of a render of component `id`.
    func beginElementPool(for id: ComponentID) -> ElementPool {
        var pool = components.elementPools[id] ?? ElementPool()
        pool.used = 0
        return pool
    }

    /// Ends the pooling of a render of component `id`: the pool is kept for the next
    /// render, or dropped when most of its keys have gone out of use.
    func finishElementPool(_ pool: ElementPool, for id: ComponentID) {
        guard pool.table != LUA_NOREF else { return }
        if pool.size > 2 * pool.used + 64 {
            luaL_unref(L, LuaState.registryIndex, pool.table)
            components.elementPools[id] = nil
        } else {
            components.elementPools[id] = pool
        }
    }

    /// Drops the pool of component `id`, which has unmounted.
    func forgetElementPool(for id: ComponentID) {
        guard let pool = components.elementPools.removeValue(forKey: id) else { return }
        luaL_unref(L, LuaState.registryIndex, pool.table)
    }

    /// Decides what the constructor's C function left undecided: whether the
    /// constructor table at 1, whose userdata fields differ from the snapshot's for its
    /// key, still converts to the pooled element's props. Pushes that element if so:
    /// `[t …]` → `[t … u]`; returns false, with the stack as it was, otherwise.
    func reusePooledElement(of definition: ScriptComponent) -> Bool {
        guard state.pool.undecided != 0, let pool = activePool, pool.table != LUA_NOREF,
            lua_type(L, 1) == LUA_TTABLE
        else { return false }
        state.pool.undecided = 0
        let top = lua_gettop(L)
        guard pushElementKey(ofTableAt: 1) else { return false }
        lua_rawgeti(L, LuaState.registryIndex, lua_Integer(pool.table))
        lua_rotate(L, -2, 1)  // [… pool k]
        lua_rawget(L, -2)  // [… pool u]
        guard let element = element(at: -1), let (pooled, props) = element.component(of: ScriptComponent.self),
            pooled === definition, table(at: 1, holds: props, schema: definition.schema?.record)
        else {
            lua_settop(L, top)
            return false
        }
        lua_copy(L, -1, top + 1)
        lua_settop(L, top + 1)
        activePool?.used += 1
        return true
    }

    /// Keeps the element at the top (made by the constructor table at 1, with a
    /// snapshot of it if `snapshotted`) in the pool of the render under way, if the
    /// element has a key: `[u]` → `[u]`. Without a snapshot its key leaves the pool.
    ///
    /// `activePool` is updated in place, never from a copy: an allocation here can run a
    /// script's `__gc` finalizer, which may make elements itself.
    func poolNewElement(snapshotted: Bool) {
        guard activePool != nil, lua_type(L, 1) == LUA_TTABLE else { return }
        let element = lua_gettop(L)
        guard pushElementKey(ofTableAt: 1) else { return }
        if activePool?.table == LUA_NOREF {
            lua_createtable(L, 0, 0)
            let table = luaL_ref(L, LuaState.registryIndex)
            if activePool?.table == LUA_NOREF {
                activePool?.table = table
            } else {
                luaL_unref(L, LuaState.registryIndex, table)
            }
        }
        guard let table = activePool?.table, table != LUA_NOREF else {
            lua_settop(L, element)
            return
        }
        lua_rawgeti(L, LuaState.registryIndex, lua_Integer(table))  // [u k pool]
        lua_pushvalue(L, -2)
        let wasPooled = lua_rawget(L, -2) != LUA_TNIL
        state.pop()
        lua_rotate(L, -2, 1)  // [u pool k]
        if snapshotted {
            lua_pushvalue(L, element)
            if !wasPooled { activePool?.size += 1 }
            activePool?.used += 1
        } else {
            lua_pushnil(L)
            if wasPooled { activePool?.size -= 1 }
        }
        lua_rawset(L, -3)
        lua_settop(L, element)
    }

    /// Pushes the table's raw `key` if it is an element key (a string or an integer):
    /// `[]` → `[k]`. Returns false, pushing nothing, otherwise.
    private func pushElementKey(ofTableAt table: Int32) -> Bool {
        lua_rawgeti(L, LuaState.registryIndex, lua_Integer(values.keyStringRef))
        let type = lua_rawget(L, table)
        if type == LUA_TSTRING || (type == LUA_TNUMBER && lua_isinteger(L, -1) != 0) { return true }
        state.pop()
        return false
    }

    /// Whether the constructor table at `index` converts to exactly `props`: its named
    /// fields other than `key` are the first entries of `props`, in order, with equal
    /// values; the remaining entries are the schema's defaults; and it has no other
    /// keys. Reads raw and allocates nothing; `false` whenever in doubt.
    private func table(at index: Int32, holds props: Record, schema: RecordSchema?) -> Bool {
        let entries = props.entries
        var matched = 0
        lua_pushnil(L)
        while lua_next(L, index) != 0 {
            guard lua_type(L, -2) == LUA_TSTRING else {
                state.pop(2)
                return false
            }
            if lua_tolstring(L, -2, nil) == values.keyString {
                state.pop()
                continue
            }
            // `children` is validated apart from the other props (and refused when the
            // schema does not declare it): always the normal path.
            if rawString(at: -2, equals: "children") {
                state.pop(2)
                return false
            }
            guard matched < entries.count, rawString(at: -2, equals: entries[matched].key),
                value(at: -1, equals: entries[matched].value)
            else {
                state.pop(2)
                return false
            }
            matched += 1
            state.pop()
        }
        guard matched < entries.count else { return true }
        // The rest must be what filling in defaults gives: the missing fields that have
        // one, in schema order, with the default itself.
        guard let schema else { return false }
        var next = matched
        for field in schema.fields where !entries[..<matched].contains(where: { $0.key == field.name }) {
            guard let fallback = field.defaultValue else {
                if field.optional { continue }
                return false
            }
            guard next < entries.count, entries[next].key == field.name, entries[next].value.isIdentical(to: fallback)
            else { return false }
            next += 1
        }
        return next == entries.count
    }

    /// Whether the Lua value at `index` converts to exactly `value`, judged without
    /// converting it.
    private func value(at index: Int32, equals value: Value) -> Bool {
        switch (lua_type(L, index), value) {
        case (LUA_TBOOLEAN, .bool(let flag)):
            return (lua_toboolean(L, index) != 0) == flag
        case (LUA_TNUMBER, .int(let number)):
            return lua_isinteger(L, index) != 0 && lua_tointegerx(L, index, nil) == number
        case (LUA_TNUMBER, .double(let number)):
            return lua_isinteger(L, index) == 0 && lua_tonumberx(L, index, nil).bitPattern == number.bitPattern
        case (LUA_TSTRING, .string(let text)):
            return rawString(at: index, equals: text)
        case (LUA_TUSERDATA, .handler(let handler)):
            return object(at: index, kind: .handler, as: Box<Handler>.self)?.value.isIdentical(to: handler) ?? false
        case (LUA_TUSERDATA, .element(let element)):
            return self.element(at: index)?.storageObject === element.storageObject
        case (LUA_TUSERDATA, _):
            guard let view = object(at: index, kind: .view, as: View.self) else { return false }
            return view.value.isIdentical(to: value)
        default:
            return false
        }
    }

    /// Whether the string at `index` has exactly the bytes of `text`.
    private func rawString(at index: Int32, equals text: String) -> Bool {
        var length = 0
        guard let bytes = lua_tolstring(L, index, &length) else { return false }
        return text.hasUTF8(UnsafeRawBufferPointer(start: bytes, count: length))
    }
}
