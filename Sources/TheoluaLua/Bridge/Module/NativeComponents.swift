import CLua
import CLuaSupport
import TheoluaCore

/// A component written in Swift and offered to scripts as `ui.<name>`.
struct NativeComponent {
    let name: String
    let schema: BoundSchema?
    /// When set, the array items are tables of this schema (with array items of their
    /// own as `children`), passed as the `items` prop, instead of children.
    let itemSchema: BoundSchema?
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
    ///
    /// With `itemSchema`, each array item is a table read by that schema, its own array
    /// items becoming its `children`, and the items are passed as the `items` prop (an
    /// array of records): `ui.tabs { selected = 1, { title = "a", ui.text "…" }, ... }`.
    public func registerNativeComponent(
        named name: String, schema: String?, itemSchema: String? = nil,
        make: @escaping (Record, Key?) throws -> Element
    ) throws(ScriptError) {
        let parsed = try schema.map { (text) throws(ScriptError) in try parseSchema(text, of: name) }
        let items = try itemSchema.map { (text) throws(ScriptError) in try parseSchema(text, of: "\(name) items") }
        try registerNativeComponent(named: name, props: parsed, items: items, make: make)
    }

    /// Offers a Swift component to scripts as `ui.<name>`, its props checked by `props`,
    /// a schema declared in Swift, and its array items, when `items` is given, by that
    /// (see ``registerNativeComponent(named:schema:itemSchema:make:)`` for schemas in the
    /// schema language).
    public func registerNativeComponent(
        named name: String, props schema: RecordSchema?, items itemSchema: RecordSchema? = nil,
        make: @escaping (Record, Key?) throws -> Element
    ) throws(ScriptError) {
        guard !name.isEmpty, name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }), name.first?.isLetter == true
        else {
            throw ScriptError(.runtime, message: "native component name '\(name)' must be a Lua identifier")
        }
        module.nativeComponents.append(
            NativeComponent(name: name, schema: schema.map(bind), itemSchema: itemSchema.map(bind), make: make))
        components.knownComponentNames.insert(name)
        registryTable(.module)
        lua_pushinteger(L, lua_Integer(module.nativeComponents.count - 1))
        theolua_pushfunction(L, LuaBridge.nativeConstructor, 1)
        lua_pushvalue(L, -1)
        addToModuleSnapshot(name)
        state.setRawField(-2, name)
        state.pop()
    }

    /// A record schema written in the Lua schema language.
    private func parseSchema(_ text: String, of subject: String) throws(ScriptError) -> RecordSchema {
        try state.load("return " + text, chunkName: "=schema of \(subject)")
        try state.call(arguments: 0, results: 1)
        defer { state.pop() }
        guard lua_type(L, -1) == LUA_TTABLE else {
            throw ScriptError(.runtime, message: "schema of \(subject): expected a table, got \(found(at: -1))")
        }
        do {
            return try parseRecordSchema(at: lua_gettop(L), path: "")
        } catch {
            throw ScriptError(.runtime, message: "schema of \(subject): \(error.message)")
        }
    }

    /// Offers a context made in Swift to scripts as `ui.<name>`, as `ui.context` makes
    /// them: scripts provide it with `ui.<name>.provide { value = v, ... }` and read it
    /// with `self:use(ui.<name>)`.
    public func registerContext(named name: String, _ context: ContextKey) {
        components.knownComponentNames.insert(name)
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
            guard bridge.module.nativeComponents.indices.contains(index) else { return 0 }
            let native = bridge.module.nativeComponents[index]
            let (props, key) =
                if let itemSchema = native.itemSchema {
                    try bridge.propsWithItems(subject: native.name, schema: native.schema, itemSchema: itemSchema)
                } else {
                    try bridge.componentProps(subject: native.name, schema: native.schema)
                }
            let element: Element
            do {
                element = try native.make(props, key)
            } catch {
                throw bridge.raise("\(native.name): \(error)")
            }
            bridge.noteTopLevelElement(element, native.name)
            bridge.pushElement(element)
            return 1
        }
    }

    /// Reads a constructor's table at 1 whose array items are tables of `itemSchema`:
    /// the props, with the items as `items` (each with its own array items as
    /// `children`), and the key.
    func propsWithItems(subject: String, schema: BoundSchema?, itemSchema: BoundSchema) throws -> (Record, Key?) {
        guard lua_type(L, 1) == LUA_TTABLE else {
            throw raise("\(subject): expected a table of props, got \(found(at: 1))")
        }
        var context = ConversionContext()
        let table: ElementTable
        do {
            table = try elementTable(at: 1, schema: schema, &context) { _ in 1 }
        } catch {
            throw validationError(subject: subject, error)
        }
        var items: [Value] = []
        for position in stride(from: 1, through: table.itemCount, by: 1) {
            lua_rawgeti(L, 1, lua_Integer(position))
            defer { state.pop() }
            let itemSubject = "\(subject): item \(position)"
            guard lua_type(L, -1) == LUA_TTABLE else {
                throw raise("\(itemSubject): expected a table, got \(found(at: -1))")
            }
            let index = lua_gettop(L)
            var children: [Element] = []
            var itemTable: ElementTable
            do {
                itemTable = try elementTable(at: index, schema: itemSchema, &context) { _ in 1 }
                try childItems(of: index, upTo: itemTable.itemCount, into: &children, &context)
            } catch {
                throw validationError(subject: itemSubject, error)
            }
            itemTable.entries.append(
                Record.Entry(key: "children", value: .array(ValueArray(children.map(Value.element)))))
            items.append(.record(Record(uniqueEntries: itemTable.entries)))
        }
        var entries = table.entries
        entries.append(Record.Entry(key: "items", value: .array(ValueArray(items))))
        return (Record(uniqueEntries: entries), table.key)
    }
}
