import CLua
import CLuaSupport
import TheoluaCore

/// What a capability gives scripts beyond the sandbox: functions of the `theolua`
/// module that reach the world outside the Lua state (processes, files, watches), the
/// methods of the handles they return, and the module files `require` reads.
///
/// The bridge itself touches no file and starts no process: a host installs a
/// capability (TheoluaCapabilities' `SystemCapabilities`, which the runtime installs)
/// with ``LuaBridge/install(_:)``. A capability's functions are written like the
/// bridge's own: Lua-visible Swift functions run through ``LuaBridge/entry(_:_:)``, which
/// raise errors with ``LuaBridge/raise(_:)``. Work that runs on after the call that
/// started it belongs to the component on whose behalf the script runs
/// (``LuaBridge/currentOwner``): hand it to ``LuaBridge/adopt(_:owner:)``, keep the
/// script's callbacks with ``LuaBridge/popFunction(location:)`` and call them with
/// ``LuaBridge/deliver(_:owner:arguments:_:)``. Capture the bridge's ``LuaBridge/link``,
/// never the bridge: a capability lives as long as the bridge that installed it.
package protocol BridgeCapability: AnyObject {
    /// The functions it adds to the `theolua` module, by name.
    var moduleFunctions: [(name: String, function: theolua_function)] { get }
    /// The methods of the handles it gives scripts, by the kind of their userdata.
    var objectMethods: [(kind: ObjectKind, methods: ObjectMethods)] { get }
    /// The module file `require` looks for at `path` (relative to the working folder),
    /// for `bridge`; nil when the capability reads no files.
    func readModule(at path: String, for bridge: LuaBridge) -> ModuleFile?
}

extension BridgeCapability {
    package var objectMethods: [(kind: ObjectKind, methods: ObjectMethods)] { [] }
    package func readModule(at path: String, for bridge: LuaBridge) -> ModuleFile? { nil }
}

/// How the userdata of one kind answer scripts: their metatable's `__index`.
package enum ObjectMethods {
    /// A function of the userdata and the key: for fields computed at each read.
    case index(theolua_function)
    /// A table of methods.
    case methods([(name: String, function: theolua_function)])
}

/// What reading a module file gave `require`.
package enum ModuleFile {
    /// The file's bytes.
    case source([UInt8])
    /// Nothing readable at the path: `require` looks in the next folder.
    case missing
    /// The path leads outside the folders modules may come from.
    case outside
    /// It cannot be read, for the reason given (`cannot read …: it is a folder, not a
    /// file`).
    case failed(String)
}

extension LuaBridge {
    /// Installs `capability`: its functions join the `theolua` module of every load and
    /// its handles get their methods; the bridge keeps it for its life. Install before
    /// loading; a function whose name the module already has is an error.
    package func install(_ capability: any BridgeCapability) throws(ScriptError) {
        registryTable(.module)  // stack: ui
        defer { state.pop() }
        for (name, _) in capability.moduleFunctions {
            state.rawField(-1, name)
            let taken = lua_type(L, -1) != LUA_TNIL
            state.pop()
            guard !taken else { throw ScriptError(.runtime, message: "ui.\(name) already exists") }
        }
        for (name, function) in capability.moduleFunctions {
            theolua_pushfunction(L, function, 0)
            lua_pushvalue(L, -1)
            addToModuleSnapshot(name)
            state.setRawField(-2, name)
        }
        for (kind, methods) in capability.objectMethods {
            lua_rawgeti(L, LuaState.registryIndex, lua_Integer(state.metatableReference(ofKind: kind.index)))
            setMethods(methods)
            state.pop()
        }
        module.capabilities.append(capability)
    }

    /// The installed capability of type `type`, if any.
    package func capability<C: BridgeCapability>(_ type: C.Type) -> C? {
        for capability in module.capabilities {
            if let found = capability as? C { return found }
        }
        return nil
    }

    /// Sets `__index` of the metatable at the top: `[mt]` → `[mt]`.
    func setMethods(_ methods: ObjectMethods) {
        switch methods {
        case .index(let function):
            setMetamethod("__index", function)
        case .methods(let functions):
            lua_createtable(L, 0, Int32(functions.count))
            for (name, function) in functions {
                theolua_pushfunction(L, function, 0)
                state.setRawField(-2, name)
            }
            state.setRawField(-2, "__index")
        }
    }

    /// The module file at `path` as the installed capabilities read it: missing when
    /// none reads files.
    func readModule(at path: String) -> ModuleFile {
        for capability in module.capabilities {
            if let file = capability.readModule(at: path, for: self) { return file }
        }
        return .missing
    }
}
