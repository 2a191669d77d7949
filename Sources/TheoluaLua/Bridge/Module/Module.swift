import CLua
import CLuaSupport
import TheoluaCore

extension LuaBridge {
    /// Builds the `theolua` module table and the registry tables.
    func installModule() throws(ScriptError) {
        for table in RegistryTable.allCases where table != .module {
            resetRegistryTable(table, weakKeys: table == .constructors)
        }
        values.keptKeyName = [values.keyString]
        values.propsName = internedName("props")
        values.stateName = internedName("state")
        values.primitiveSchemas = PrimitiveConstructor.allCases.map { bind($0.schema) }
        values.providerSchema = bind(Self.providerFields)
        for (table, methods) in [
            (RegistryTable.selfMethods, Self.selfMethods), (.controllerMethods, Self.controllerMethods),
        ] {
            lua_createtable(L, 0, Int32(methods.count))
            for (name, function) in methods {
                theolua_pushfunction(L, function, 0)
                state.setRawField(-2, name)
            }
            setRegistryTable(table)
        }

        lua_createtable(L, 0, 2)
        theolua_pushfunction(L, LuaBridge.controllerIndex, 0)
        state.setRawField(-2, "__index")
        state.push("locked")
        state.setRawField(-2, "__metatable")
        setRegistryTable(.controllerMetatable)

        lua_createtable(L, 0, 16)  // stack: ui
        for constructor in PrimitiveConstructor.allCases {
            lua_pushinteger(L, lua_Integer(constructor.rawValue))
            theolua_pushfunction(L, LuaBridge.primitiveConstructor, 1)
            state.setRawField(-2, constructor.name)
            components.knownComponentNames.insert("ui.\(constructor.name)")
        }
        for (name, function) in Self.moduleFunctions {
            theolua_pushfunction(L, function, 0)
            state.setRawField(-2, name)
        }
        state.push("theolua")
        state.setRawField(-2, "_NAME")
        setRegistryTable(.module)
    }

    /// The methods of `self`.
    static let selfMethods: [(name: String, function: theolua_function)] = [
        ("updateState", LuaBridge.updateState), ("handler", LuaBridge.makeHandler), ("send", LuaBridge.send),
        ("focus", LuaBridge.focus), ("use", LuaBridge.useContext),
    ]
    /// The methods of a controller.
    static let controllerMethods: [(name: String, function: theolua_function)] = [
        ("updateState", LuaBridge.updateState), ("send", LuaBridge.send), ("focus", LuaBridge.focus),
        ("use", LuaBridge.useContext),
    ]

    /// The module's functions other than the primitives' constructors.
    static let moduleFunctions: [(name: String, function: theolua_function)] = [
        ("component", LuaBridge.defineComponent),
        ("context", LuaBridge.makeContext),
        ("after", { L in LuaBridge.entry(L) { bridge, _ in try bridge.startTimer(repeating: false) } }),
        ("every", { L in LuaBridge.entry(L) { bridge, _ in try bridge.startTimer(repeating: true) } }),
        ("emit", LuaBridge.emit),
        (
            "quit",
            { L in
                LuaBridge.entry(L) { bridge, _ in
                    bridge.onQuit(); return 0
                }
            }
        ),
    ]

    /// `ui.emit(name, payload)`: hands an event to the host.
    static let emit: theolua_function = { L in
        LuaBridge.entry(L) { bridge, L in
            guard let name = bridge.state.string(at: 1) else {
                throw bridge.raise("ui.emit: expected an event name, got \(bridge.found(at: 1))")
            }
            var context = ConversionContext()
            let payload: Value
            do throws(Mismatch) {
                payload = try bridge.value(at: 2, &context)
            } catch {
                throw bridge.raise("ui.emit: \(error.message(subject: "payload"))")
            }
            bridge.onEmit(name, payload)
            return 0
        }
    }

    /// `ui.text`, `ui.box`, …: validates the props and makes a host element.
    static let primitiveConstructor: theolua_function = { L in
        LuaBridge.entry(L) { bridge, L in
            let raw = Int(lua_tointegerx(L, theolua_upvalueindex(1), nil))
            guard let constructor = PrimitiveConstructor(rawValue: raw) else { return 0 }
            let element = try bridge.stageClock.measure(.elements) { try bridge.makePrimitive(constructor) }
            bridge.noteTopLevelElement(element, PrimitiveConstructor.subjects[raw])
            bridge.pushElement(element)
            return 1
        }
    }

    func makePrimitive(_ constructor: PrimitiveConstructor) throws -> Element {
        var subject: String { "ui.\(constructor.name)" }  // for messages only
        var context = ConversionContext()
        // ui.text "hello" and ui.button "OK"
        if constructor.takesTextContent, lua_type(L, 1) == LUA_TSTRING || lua_type(L, 1) == LUA_TNUMBER {
            return .host(constructor.primitive.rawValue, props: ["text": .string(state.describe(1))])
        }
        if lua_type(L, 1) == LUA_TNONE || lua_type(L, 1) == LUA_TNIL {
            guard !constructor.takesTextContent else {
                throw raise("\(subject): expected a string or a table, got nil")
            }
            // A list or table has props it cannot do without (count, render, cell).
            guard !constructor.isVirtualized else { throw raise("\(subject): expected a table of props, got nil") }
            return .host(constructor.primitive.rawValue, props: Record(constructor.presets))
        }
        guard lua_type(L, 1) == LUA_TTABLE else {
            throw raise("\(subject): expected a table of props, got \(found(at: 1))")
        }
        var table: ElementTable
        let presets = constructor.presets
        let extra = presets.count + (constructor.takesTextContent ? 1 : 0)
        do {
            table = try elementTable(at: 1, schema: values.primitiveSchemas[constructor.rawValue], &context) { _ in
                extra
            }
        } catch {
            throw validationError(subject: subject, error)
        }
        for (name, value) in presets where !table.has(name) {
            table.entries.append(Record.Entry(key: name, value: value))
        }
        if constructor.takesTextContent {
            let text = try textContent(of: constructor, count: table.itemCount)
            table.entries.append(Record.Entry(key: "text", value: .string(text)))
            return .host(constructor.primitive.rawValue, props: Record(uniqueEntries: table.entries), key: table.key)
        }
        guard constructor.takesChildren || table.itemCount == 0 else {
            throw raise("\(subject): takes no children")
        }
        if constructor.isVirtualized {
            return Self.virtualized(constructor, props: Record(uniqueEntries: table.entries), key: table.key)
        }
        var children: [Element] = []
        do {
            try childItems(of: 1, upTo: table.itemCount, into: &children, &context)
        } catch {
            throw validationError(subject: subject, error, noun: "child")
        }
        if children.count > 1, let key = Element.firstDuplicateKey(in: children) {
            // Found here, at the line that made the list, rather than when it mounts.
            throw raise("\(DuplicateKeyError(key: key, parent: subject))")
        }
        let props = Record(uniqueEntries: table.entries)
        return try checkedDepth(
            .host(constructor.primitive.rawValue, props: props, children: children, key: table.key), subject)
    }

    /// The element of `ui.list` or `ui.table` from its validated props: the component's own
    /// props are taken out, the rest style its box.
    static func virtualized(_ constructor: PrimitiveConstructor, props: Record, key: Key?) -> Element {
        var style: [Record.Entry] = []
        var count = 0
        var selected: Int?
        var follow = false
        var itemHeight: Int?
        var onSelect: Handler?
        var onActivate: Handler?
        var onSort: Handler?
        var function: Handler?
        var columns: [TableColumn] = []
        for entry in props.entries {
            switch entry.key {
            case "count": count = entry.value.intValue ?? 0
            case "selected": selected = entry.value.intValue
            case "follow": follow = entry.value.boolValue ?? false
            case "itemHeight": itemHeight = entry.value.intValue
            case "onSelect": onSelect = entry.value.handlerValue
            case "onActivate": onActivate = entry.value.handlerValue
            case "onSort": onSort = entry.value.handlerValue
            case "render", "cell": function = entry.value.handlerValue
            case "columns": columns = entry.value.arrayValue.map { $0.map(tableColumn) } ?? []
            default: style.append(entry)
            }
        }
        let box = Record(uniqueEntries: style)
        guard let function else { return .empty }  // the schema requires it
        if constructor == .table {
            return .component(
                TableDefinition(),
                props: TableProps(
                    columns: columns, count: count, selected: selected, follow: follow, onSelect: onSelect,
                    onActivate: onActivate, onSort: onSort, style: box, cells: .handler(function)),
                key: key)
        }
        return .component(
            ListDefinition(),
            props: ListProps(
                count: count, itemHeight: itemHeight, selected: selected, follow: follow, onSelect: onSelect,
                onActivate: onActivate, style: box, items: .handler(function)),
            key: key)
    }

    /// A column of `ui.table` from its validated record.
    private static func tableColumn(_ value: Value) -> TableColumn {
        let record = value.recordValue ?? Record()
        var width: ColumnWidth?
        switch record["width"] {
        case .int(let cells)?: width = .cells(cells)
        case .double(let cells)?: width = .cells(Int(cells))
        case .string(let text)? where text.hasSuffix("%"): width = Double(text.dropLast()).map(ColumnWidth.percent)
        default: width = nil
        }
        let align = record["align"]?.stringValue.flatMap(TableColumn.Alignment.init(rawValue:)) ?? .left
        let grow: Double? =
            switch record["grow"] {
            case .int(let share)?: Double(share)
            case .double(let share)?: share
            default: nil
            }
        return TableColumn(title: record["title"]?.stringValue ?? "", width: width, grow: grow, align: align)
    }

    /// The text of `ui.text { "a", "b" }`: strings and numbers joined; nil and false skipped.
    private func textContent(of constructor: PrimitiveConstructor, count: Int) throws -> String {
        var text = ""
        for position in 1...max(count, 1) where position <= count {
            lua_rawgeti(L, 1, lua_Integer(position))
            defer { state.pop() }
            switch lua_type(L, -1) {
            case LUA_TSTRING, LUA_TNUMBER:
                let piece = state.describe(-1)
                if text.isEmpty { text = piece } else { text += piece }
            case LUA_TNIL: continue
            case LUA_TBOOLEAN where lua_toboolean(L, -1) == 0: continue
            default:
                throw raise(
                    "ui.\(constructor.name): item \(position) must be a string, got \(found(at: -1)); to style parts,"
                        + " use ui.row of texts")
            }
        }
        return text
    }

    /// A validation error raised at the calling line, remembered so its kind is known.
    func validationError(subject: String, _ mismatch: Mismatch, noun: String = "prop") -> LuaRaise {
        let raise = raise("\(subject): \(mismatch.message(subject: noun))")
        diagnostics.lastValidationMessage = raise.message
        return raise
    }
}
