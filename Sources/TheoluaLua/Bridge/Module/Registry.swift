import CLua

/// Tables the bridge keeps in the Lua registry, each under a reference of its own.
enum RegistryTable: Int, CaseIterable {
    /// Component id → `self` userdata of mounted script components.
    case selves
    /// Methods of `self`: updateState, handler, send.
    case selfMethods
    /// Methods of controllers: updateState, send.
    case controllerMethods
    /// The metatable every controller table has.
    case controllerMetatable
    /// The metatable of the tables `ui.span` gives back.
    case spanMetatable
    /// The userdata holding `ui.span`'s look fields as C reads them.
    case spanSchema
    /// Controller table → its component's `self` userdata, while the component is mounted.
    case controllers
    /// Modules loaded by `require` in the current load of the app.
    case loaded
    /// Component constructor → definition userdata (weak keys).
    case constructors
    /// The `theolua` module table.
    case module
    /// Names the bridge matches by address (field names, `props`, `state`), as keys: kept
    /// alive, so that their addresses stay valid.
    case names
}

extension LuaBridge {
    /// Pushes a registry table: `[]` → `[t]`.
    func registryTable(_ table: RegistryTable) {
        lua_rawgeti(L, LuaState.registryIndex, lua_Integer(module.registryReferences[table.rawValue]))
    }

    /// Makes the table at the top the registry table `table`: `[t]` → `[]`.
    func setRegistryTable(_ table: RegistryTable) {
        let reference = module.registryReferences[table.rawValue]
        if reference == LUA_NOREF {
            module.registryReferences[table.rawValue] = luaL_ref(L, LuaState.registryIndex)
        } else {
            lua_rawseti(L, LuaState.registryIndex, lua_Integer(reference))
        }
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
        setRegistryTable(table)
    }
}
