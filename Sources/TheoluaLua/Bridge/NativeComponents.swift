import CLua
import CLuaSupport
import TheoluaCore

/// A component written in Swift and offered to scripts as `ui.<name>`.
struct NativeComponent {
    let name: String
    let schema: BoundSchema?
    /// Makes the element from validated props and the element's key.
    let make: (Record, Key?) throws -> Element
}

extension LuaBridge {
    /// Offers a Swift component to scripts as `ui.<name>`.
    ///
    /// `schema` is a props schema in the Lua schema language, e.g.
    /// `{ value = "number", label = { "string", default = "" } }`; props are validated by it
    /// exactly like a script component's, with the same error messages. `make` turns the
    /// validated props (with `children` when the call has array items) into an element.
    public func registerNativeComponent(
        named name: String, schema: String?, make: @escaping (Record, Key?) throws -> Element
    ) throws(ScriptError) {
        guard !name.isEmpty, name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }), name.first?.isLetter == true
        else {
            throw ScriptError(.runtime, message: "native component name '\(name)' must be a Lua identifier")
        }
        var parsed: RecordSchema? = nil
        if let schema {
            try state.load("return " + schema, chunkName: "=schema of \(name)")
            try state.call(arguments: 0, results: 1)
            defer { state.pop() }
            guard lua_type(L, -1) == LUA_TTABLE else {
                throw ScriptError(.runtime, message: "schema of \(name): expected a table, got \(found(at: -1))")
            }
            do {
                parsed = try parseRecordSchema(at: lua_gettop(L), path: "")
            } catch {
                throw ScriptError(.runtime, message: "schema of \(name): \(error.message)")
            }
        }
        nativeComponents.append(NativeComponent(name: name, schema: parsed.map(bind), make: make))
        knownComponentNames.insert(name)
        registryTable(.module)
        lua_pushinteger(L, lua_Integer(nativeComponents.count - 1))
        theolua_pushfunction(L, LuaBridge.nativeConstructor, 1)
        lua_pushvalue(L, -1)
        addToModuleSnapshot(name)
        state.setRawField(-2, name)
        state.pop()
    }

    /// Offers a context made in Swift to scripts as `ui.<name>`, as `ui.context` makes
    /// them: scripts provide it with `ui.<name>.provide { value = v, ... }` and read it
    /// with `self:use(ui.<name>)`.
    public func registerContext(named name: String, _ context: ContextKey) {
        knownComponentNames.insert(name)
        registryTable(.module)
        pushObject(Box(context), kind: .context)
        lua_pushvalue(L, -1)
        addToModuleSnapshot(name)
        state.setRawField(-2, name)
        state.pop()
    }

    /// `ui.<Name> { … }` for a native component.
    static let nativeConstructor: theolua_function = { L in
        LuaBridge.entry(L) { bridge, L in
            let index = Int(lua_tointegerx(L, theolua_upvalueindex(1), nil))
            guard bridge.nativeComponents.indices.contains(index) else { return 0 }
            let native = bridge.nativeComponents[index]
            let (props, key) = try bridge.componentProps(subject: native.name, schema: native.schema)
            let element: Element
            do {
                element = try native.make(props, key)
            } catch {
                throw bridge.raise("\(native.name): \(error)")
            }
            bridge.pushElement(element)
            return 1
        }
    }
}
