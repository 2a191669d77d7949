import CLua
import CLuaSupport
import TheoluaCore

extension LuaBridge {
    /// The spec fields `ui.component` knows; others are the component's own methods.
    static let specFields = ["props", "initialState", "render", "actions", "controller", "version"]
    static let controllerFields = ["init", "didUpdateComponent", "willUnmount", "actions"]

    /// `ui.component(name, spec)` and `ui.component(name, function(props) ... end)`.
    static let defineComponent: theolua_function = { L in
        LuaBridge.entry(L) { bridge, L in
            guard let name = bridge.state.string(at: 1), !name.isEmpty else {
                throw bridge.raise("ui.component: expected a name, got \(bridge.found(at: 1))")
            }
            let location = bridge.state.location(level: 1) ?? "?"
            if let previous = bridge.components.definedNames[name] {
                throw bridge.raise(
                    "ui.component: two components are named '\(name)': one at \(previous), one at \(location); give each a unique name"
                )
            }
            let definition: ScriptComponent
            switch lua_type(L, 2) {
            case LUA_TFUNCTION:
                lua_pushvalue(L, 2)
                let render = LuaRef(popping: L, releases: bridge.releases)
                definition = ScriptComponent(
                    name: name, location: location, schema: nil, body: render, isFunctionForm: true,
                    parts: SpecParts(
                        render: render, initialState: nil, initialStateTakesProps: false, actions: nil, controller: nil),
                    bridge: bridge)
            case LUA_TTABLE:
                definition = try bridge.defineFromSpec(name: name, location: location)
            default:
                throw bridge.raise(
                    "ui.component '\(name)': expected a spec table or a render function, got \(bridge.found(at: 2))")
            }
            bridge.components.definedNames[name] = location
            bridge.components.knownComponentNames.insert(name)
            // The constructor: a closure over the definition, remembered so a script
            // returning it can be mounted as the root.
            bridge.pushObject(definition, kind: .definition)  // keeps the definition alive
            lua_pushlightuserdata(L, Unmanaged.passUnretained(definition).toOpaque())  // reaches it without a cast
            theolua_pushconstructor(L, LuaBridge.componentConstructor, 2)
            bridge.registryTable(.constructors)
            lua_pushvalue(L, -2)
            bridge.pushObject(definition, kind: .definition)
            lua_rawset(L, -3)
            bridge.state.pop()
            return 1
        }
    }

    private func defineFromSpec(name: String, location: String) throws -> ScriptComponent {
        lua_pushnil(L)
        while lua_next(L, 2) != 0 {
            state.pop()
            guard let field = state.string(at: -1), lua_type(L, -1) == LUA_TSTRING else {
                let key = found(at: -1)
                state.pop()
                throw raise("\(name): spec keys must be names, got \(key)")
            }
            if !LuaBridge.specFields.contains(field), let close = closestName(to: field, among: LuaBridge.specFields) {
                state.pop()
                throw raise("\(name): unknown spec field '\(field)' (did you mean '\(close)'?)")
            }
        }
        try expectField("render", of: 2, type: LUA_TFUNCTION, required: true, owner: name)
        try expectField("initialState", of: 2, type: LUA_TFUNCTION, required: false, owner: name)
        try expectFunctionTable("actions", of: 2, owner: name)
        state.rawField(2, "controller")
        if lua_type(L, -1) == LUA_TTABLE {
            let controller = lua_gettop(L)
            for field in ["init", "didUpdateComponent", "willUnmount"] {
                try expectField(
                    field, of: controller, type: LUA_TFUNCTION, required: false, owner: "\(name) controller")
            }
            try expectFunctionTable("actions", of: controller, owner: "\(name) controller")
        } else if lua_type(L, -1) != LUA_TNIL {
            let what = found(at: -1)
            state.pop()
            throw raise("\(name): controller must be a table, got \(what)")
        }
        state.pop()

        var schema: RecordSchema? = nil
        state.rawField(2, "props")
        if lua_type(L, -1) == LUA_TTABLE {
            do {
                schema = try parseRecordSchema(at: lua_gettop(L), path: "")
            } catch {
                state.pop()
                throw raise("\(name): props schema: \(error.message)")
            }
        } else if lua_type(L, -1) != LUA_TNIL {
            let what = found(at: -1)
            state.pop()
            throw raise("\(name): props must be a schema table, got \(what)")
        }
        state.pop()
        guard let render = specField("render") else { throw raise("\(name): render must be a function") }
        let initialState = specField("initialState")
        var takesProps = false
        if let initialState {
            initialState.push(L)
            takesProps = takesParameters(at: -1)
            state.pop()
        }
        var parts = SpecParts(
            render: render, initialState: initialState, initialStateTakesProps: takesProps,
            actions: specField("actions"), controller: specField("controller"))
        parts.version = try specVersion(of: name)
        lua_pushvalue(L, 2)
        return ScriptComponent(
            name: name, location: location, schema: schema.map(bind), body: LuaRef(popping: L, releases: releases),
            isFunctionForm: false, parts: parts, bridge: self)
    }

    /// The spec's `version` (the spec at 2): a string or a number, or nil.
    private func specVersion(of name: String) throws -> Value {
        state.rawField(2, "version")
        defer { state.pop() }
        switch lua_type(L, -1) {
        case LUA_TNIL: return .null
        case LUA_TSTRING: return state.string(at: -1).map(Value.string) ?? .null
        case LUA_TNUMBER:
            var isInteger: Int32 = 0
            let integer = lua_tointegerx(L, -1, &isInteger)
            return isInteger != 0 ? .int(Int(integer)) : .double(lua_tonumberx(L, -1, nil))
        default: throw raise("\(name): version must be a string or a number, got \(found(at: -1))")
        }
    }

    /// A reference to the spec's field `field` (the spec at 2), or nil when it is absent.
    private func specField(_ field: String) -> LuaRef? {
        state.rawField(2, field)
        guard lua_type(L, -1) != LUA_TNIL else {
            state.pop()
            return nil
        }
        return LuaRef(popping: L, releases: releases)
    }

    private func expectField(_ field: String, of table: Int32, type: Int32, required: Bool, owner: String) throws {
        state.rawField(table, field)
        defer { state.pop() }
        let actual = lua_type(L, -1)
        if actual == type || (actual == LUA_TNIL && !required) { return }
        throw raise("\(owner): \(field) must be a \(String(cString: lua_typename(L, type))), got \(found(at: -1))")
    }

    private func expectFunctionTable(_ field: String, of table: Int32, owner: String) throws {
        state.rawField(table, field)
        defer { state.pop() }
        if lua_type(L, -1) == LUA_TNIL { return }
        guard lua_type(L, -1) == LUA_TTABLE else {
            throw raise("\(owner): \(field) must be a table of functions, got \(found(at: -1))")
        }
        let actions = lua_gettop(L)
        lua_pushnil(L)
        while lua_next(L, actions) != 0 {
            defer { state.pop() }
            guard lua_type(L, -2) == LUA_TSTRING, lua_type(L, -1) == LUA_TFUNCTION else {
                let what = "\(found(at: -2)) = \(found(at: -1))"
                state.pop(2)
                throw raise("\(owner): \(field) must map names to functions, got \(what)")
            }
        }
    }

    /// A component's constructor: `Counter { label = "x", key = 1, child, … }`.
    static let componentConstructor: theolua_function = { L in
        LuaBridge.entry(L) { bridge, L in
            // Upvalue 1 holds the definition alive; upvalue 2 points at it.
            guard let pointer = lua_touserdata(L, theolua_upvalueindex(2)) else { return 0 }
            let definition = Unmanaged<ScriptComponent>.fromOpaque(pointer).takeUnretainedValue()
            return try bridge.stageClock.measure(.elements) { try bridge.pushComponentElement(of: definition) }
        }
    }

    /// Pushes the element of the constructor call's table at 1 (reused from the last
    /// render when it is unchanged): `[t]` → `[t, element]`.
    private func pushComponentElement(of definition: ScriptComponent) throws -> Int32 {
        if reusePooledElement(of: definition) { return 1 }
        let element = try makeComponentElement(definition)
        let pooling = element.key != nil && activePool != nil
        let object = Unmanaged.passRetained(element.storageObject).toOpaque()
        let kept = definition.schema?.keptNames ?? values.keptKeyName
        let snapshot = kept.withUnsafeBufferPointer { kept in
            theolua_push_component_element(
                L, object, Int32(ObjectKind.element.index), pooling ? 1 : 0, kept.baseAddress, Int32(kept.count))
        }
        if pooling { poolNewElement(snapshotted: snapshot != 0) }
        return 1
    }

    func makeComponentElement(_ definition: ScriptComponent) throws -> Element {
        let (props, key) = try componentProps(subject: definition.name, schema: definition.schema)
        let element = try checkedDepth(.component(definition, props: props, key: key), definition.name)
        noteTopLevelElement(element, definition.name)
        return element
    }

    /// `element`, unless it is nested deeper than a tree may be.
    func checkedDepth(_ element: Element, _ subject: @autoclosure () -> String) throws -> Element {
        guard element.depth <= Reconciler.maximumDepth else {
            throw raise("\(subject()): elements nested deeper than \(Reconciler.maximumDepth) levels")
        }
        return element
    }

    /// Reads a component constructor's table at 1: props validated by `schema`, array
    /// items as the `children` prop (validated by the schema's `children` field when it
    /// declares one), and the key.
    func componentProps(subject: String, schema: BoundSchema?) throws -> (Record, Key?) {
        if lua_type(L, 1) == LUA_TNONE || lua_type(L, 1) == LUA_TNIL {
            lua_settop(L, 0)
            lua_createtable(L, 0, 0)
        }
        guard lua_type(L, 1) == LUA_TTABLE else {
            throw raise("\(subject): expected a table of props, got \(found(at: 1))")
        }
        var context = ConversionContext()
        let table: ElementTable
        do {
            table = try elementTable(at: 1, schema: schema, &context) { items in items > 0 ? 1 : 0 }
        } catch {
            throw validationError(subject: subject, error)
        }
        var entries = table.entries
        if table.itemCount > 0 {
            var children: [Element] = []
            do {
                try childItems(of: 1, upTo: table.itemCount, into: &children, &context)
            } catch {
                throw validationError(subject: subject, error, noun: "child")
            }
            var value = Value.array(ValueArray(children.map(Value.element)))
            if let field = schema?.record.field(named: "children") {
                do {
                    value = try field.type.validate(value)
                } catch {
                    throw validationError(subject: subject, error.inside(.field("children")))
                }
            }
            entries.removeAll { $0.key == "children" }
            entries.append(Record.Entry(key: "children", value: value))
        }
        return (Record(uniqueEntries: entries), table.key)
    }
}
