import CLua

/// Tables the bridge keeps in the Lua registry.
enum RegistryTable: String, CaseIterable {
    /// Component id → `self` userdata of mounted script components.
    case selves = "theolua.selves"
    /// Methods of `self`: updateState, handler, send.
    case selfMethods = "theolua.selfMethods"
    /// Methods of controllers: updateState, send.
    case controllerMethods = "theolua.controllerMethods"
    /// Modules loaded by `require` in the current load of the app.
    case loaded = "theolua.loaded"
    /// Component constructor → definition userdata (weak keys).
    case constructors = "theolua.constructors"
    /// The `theolua` module table.
    case module = "theolua.module"
    /// Names the bridge matches by address (field names, `props`, `state`), as keys: kept
    /// alive, so that their addresses stay valid.
    case names = "theolua.names"
}

extension LuaBridge {
    /// Pushes a registry table: `[]` → `[t]`.
    func registryTable(_ table: RegistryTable) {
        state.rawField(LuaState.registryIndex, table.rawValue)
    }

    /// Replaces a registry table with a new, empty one.
    func resetRegistryTable(_ table: RegistryTable, weakKeys: Bool = false) {
        lua_createtable(L, 0, 0)
        if weakKeys {
            lua_createtable(L, 0, 1)
            state.push("k")
            state.setRawField(-2, "__mode")
            lua_setmetatable(L, -2)
        }
        state.setRawField(LuaState.registryIndex, table.rawValue)
    }
}
