import CLua

/// What every load of an app shares with the loads before it in one Lua state: the
/// standard library tables, the base functions, the `theolua` module table and the
/// strings' metatable. A script can change any of them (`string.rep = nil`,
/// `getmetatable("").__index = …`, `ui.text = …`); each load (a hot reload included)
/// starts from them as they were before the first load ran, so a bad save cannot
/// poison the saves after it. The script's own globals are kept.
extension LuaBridge {
    /// The library tables restored in place (those the sandbox opened).
    static let libraryTables = ["string", "table", "math", "utf8", "coroutine", "os", "io", "debug", "package"]

    /// Restores the shared state before a load; the first load takes the snapshot.
    func restoreSharedState() {
        if module.pristineReference == LUA_NOREF {
            takeSharedSnapshot()
            return
        }
        lua_rawgeti(L, LuaState.registryIndex, lua_Integer(module.pristineReference))  // stack: pristine
        let pristine = lua_gettop(L)
        state.rawField(pristine, "_G")  // stack: pristine, _G as it was
        let globalsThen = lua_gettop(L)
        // The library tables, in place, wherever the script moved them: modules that
        // kept a reference see them restored.
        for name in Self.libraryTables {
            state.rawField(pristine, name)  // their fields
            state.rawField(globalsThen, name)  // the tables themselves
            if lua_type(L, -2) == LUA_TTABLE && lua_type(L, -1) == LUA_TTABLE {
                refill(lua_gettop(L), from: lua_gettop(L) - 1)
            }
            state.pop(2)
        }
        // The base functions and the library names, and no metatable on _G.
        lua_rawgeti(L, LuaState.registryIndex, lua_Integer(LUA_RIDX_GLOBALS))
        let globals = lua_gettop(L)
        copyFields(of: globalsThen, into: globals)
        lua_pushnil(L)
        lua_setmetatable(L, globals)
        // The theolua module table, in place.
        state.rawField(pristine, "theolua")
        registryTable(.module)
        refill(lua_gettop(L), from: lua_gettop(L) - 1)
        refillHostNamespaces(of: lua_gettop(L))
        state.pop(2)
        setStringMetatable(globals)
        state.pop(3)
    }

    /// Registers the global table and the library tables as loaded modules, as Lua's
    /// `package.loaded` holds them: `require("string")` gives the string library, as in
    /// stock Lua, never a `string.lua` beside the app.
    func registerLibraryModules() {
        registryTable(.loaded)
        lua_rawgeti(L, LuaState.registryIndex, lua_Integer(LUA_RIDX_GLOBALS))  // stack: loaded, _G
        lua_pushvalue(L, -1)
        state.setRawField(-3, "_G")
        for name in Self.libraryTables {
            state.rawField(-1, name)
            if lua_type(L, -1) == LUA_TTABLE { state.setRawField(-3, name) } else { state.pop() }
        }
        state.pop(2)
        for (name, source) in module.hostModules {
            // Checked when registered; a failure here leaves `require` to report the
            // module as missing.
            guard (try? state.load(bytes: Array(source.utf8), chunkName: "=" + name)) != nil else { continue }
            guard (try? state.call(arguments: 0, results: 1)) != nil else { continue }
            registryTable(.loaded)
            lua_rotate(L, -2, 1)
            state.setRawField(-2, name)
            state.pop()
        }
    }

    /// Adds `name` → the value at the top to the module's snapshot: `[v]` → `[]`.
    func addToModuleSnapshot(_ name: String) {
        guard module.pristineReference != LUA_NOREF else {
            state.pop()
            return
        }
        lua_rawgeti(L, LuaState.registryIndex, lua_Integer(module.pristineReference))
        state.rawField(-1, "theolua")
        lua_rotate(L, -3, -1)  // stack: pristine, module snapshot, v
        state.setRawField(-2, name)
        state.pop(2)
    }

    private func takeSharedSnapshot() {
        lua_createtable(L, 0, 12)  // stack: pristine
        let pristine = lua_gettop(L)
        lua_rawgeti(L, LuaState.registryIndex, lua_Integer(LUA_RIDX_GLOBALS))
        let globals = lua_gettop(L)
        for name in Self.libraryTables {
            state.rawField(globals, name)
            if lua_type(L, -1) == LUA_TTABLE {
                lua_createtable(L, 0, 0)
                copyFields(of: lua_gettop(L) - 1, into: lua_gettop(L))
                state.setRawField(pristine, name)
            }
            state.pop()
        }
        lua_createtable(L, 0, 0)
        copyFields(of: globals, into: lua_gettop(L))
        state.setRawField(pristine, "_G")
        registryTable(.module)
        lua_createtable(L, 0, 0)
        copyFields(of: lua_gettop(L) - 1, into: lua_gettop(L))
        state.setRawField(pristine, "theolua")
        state.pop(2)  // stack: pristine
        module.pristineReference = luaL_ref(L, LuaState.registryIndex)
    }

    /// Makes each host namespace of the module table at `module` (`ui.host`) hold
    /// exactly the host's functions again, whatever the last load did to it.
    private func refillHostNamespaces(of module: Int32) {
        for namespace in self.module.hostNamespaces {
            state.rawField(module, namespace)
            if lua_type(L, -1) == LUA_TTABLE {
                let table = lua_gettop(L)
                lua_createtable(L, 0, 0)
                refill(table, from: table + 1)
                state.pop()
                for (index, function) in self.module.hostFunctions.enumerated() where function.namespace == namespace {
                    pushHostFunction(at: index)
                    state.setRawField(table, function.name)
                }
            }
            state.pop()
        }
    }

    /// Makes the table at `table` hold exactly the fields of the table at `source`, raw.
    private func refill(_ table: Int32, from source: Int32) {
        var keys: [Int32] = []
        lua_pushnil(L)
        while lua_next(L, table) != 0 {
            state.pop()
            lua_pushvalue(L, -1)
            keys.append(luaL_ref(L, LuaState.registryIndex))
        }
        for key in keys {
            lua_rawgeti(L, LuaState.registryIndex, lua_Integer(key))
            lua_pushnil(L)
            lua_rawset(L, table)
            luaL_unref(L, LuaState.registryIndex, key)
        }
        copyFields(of: source, into: table)
        lua_pushnil(L)
        lua_setmetatable(L, table)
    }

    /// Copies every field of the table at `source` into the table at `target`, raw.
    private func copyFields(of source: Int32, into target: Int32) {
        lua_pushnil(L)
        while lua_next(L, source) != 0 {
            lua_pushvalue(L, -2)
            lua_rotate(L, -2, 1)  // stack: key, key, value
            lua_rawset(L, target)
        }
    }

    /// Gives strings a new metatable whose `__index` is the string library.
    private func setStringMetatable(_ globals: Int32) {
        state.push("")
        lua_createtable(L, 0, 1)
        state.rawField(globals, "string")
        state.setRawField(-2, "__index")
        lua_setmetatable(L, -2)
        state.pop()
    }
}
