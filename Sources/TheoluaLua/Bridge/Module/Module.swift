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
        // `self`'s props, state and methods are read in C, the rest in Swift.
        registryTable(.selfMethods)
        theolua_install_self_index(L, LuaBridge.selfIndex)

        lua_createtable(L, 0, 2)
        theolua_pushfunction(L, LuaBridge.controllerIndex, 0)
        state.setRawField(-2, "__index")
        state.push("locked")
        state.setRawField(-2, "__metatable")
        setRegistryTable(.controllerMetatable)

        lua_createtable(L, 0, 16)  // stack: ui
        for (name, function) in Self.moduleFunctions {
            theolua_pushfunction(L, function, 0)
            state.setRawField(-2, name)
        }
        lua_createtable(L, 0, 4)  // stack: ui, ui.json
        theolua_install_json(L)
        lua_getfield(L, -1, "null")
        lua_setfield(L, theolua_registryindex(), Self.jsonNullKey)
        // The metatable ui.json.object sets is the upvalue of the function.
        lua_getfield(L, -1, "object")
        lua_getupvalue(L, -1, 1)
        lua_setfield(L, theolua_registryindex(), Self.jsonObjectKey)
        state.pop()
        state.setRawField(-2, "json")
        theolua_pushfunction(L, LuaBridge.printSink, 0)  // stack: ui, sink
        theolua_push_print(L)
        state.setRawField(-2, "print")
        lua_createtable(L, 0, 1)  // stack: ui, ui.clipboard
        theolua_pushfunction(L, LuaBridge.writeClipboard, 0)
        state.setRawField(-2, "write")
        state.setRawField(-2, "clipboard")
        state.push("theolua")
        state.setRawField(-2, "_NAME")
        setRegistryTable(.module)
    }

    /// The registry field holding `ui.json.null`, which converts to `Value.null`.
    static let jsonNullKey = "theolua.json.null"

    /// The registry field holding the metatable of tables marked as JSON objects (by
    /// `ui.json.object`, or read as `{}`): an empty one converts to an empty record.
    static let jsonObjectKey = "theolua.json.object"

    /// Whether the table at `index` is marked as a JSON object.
    func isJSONObject(at index: Int32) -> Bool {
        let index = state.absolute(index)
        guard lua_getmetatable(L, index) != 0 else { return false }
        lua_getfield(L, theolua_registryindex(), Self.jsonObjectKey)
        defer { state.pop(2) }
        return lua_rawequal(L, -1, -2) != 0
    }

    /// Whether the value at `index` is `ui.json.null`.
    func isJSONNull(at index: Int32) -> Bool {
        let index = state.absolute(index)
        lua_getfield(L, theolua_registryindex(), Self.jsonNullKey)
        defer { state.pop() }
        return lua_rawequal(L, index, -1) != 0
    }

    /// The methods of `self`.
    static let selfMethods: [(name: String, function: theolua_function)] = [
        ("updateState", LuaBridge.updateState), ("handler", LuaBridge.makeHandler), ("send", LuaBridge.send),
        ("focus", LuaBridge.focus), ("use", LuaBridge.useContext), ("scrollTo", LuaBridge.scrollTo),
    ]
    /// The methods of a controller.
    static let controllerMethods: [(name: String, function: theolua_function)] = [
        ("updateState", LuaBridge.updateState), ("send", LuaBridge.send), ("focus", LuaBridge.focus),
        ("use", LuaBridge.useContext), ("scrollTo", LuaBridge.scrollTo),
    ]

    /// The module's functions other than the widgets' constructors.
    static let moduleFunctions: [(name: String, function: theolua_function)] = [
        ("component", LuaBridge.defineComponent),
        ("context", LuaBridge.makeContext),
        ("after", { L in LuaBridge.entry(L) { bridge, _ in try bridge.startTimer(repeating: false) } }),
        ("every", { L in LuaBridge.entry(L) { bridge, _ in try bridge.startTimer(repeating: true) } }),
        ("emit", LuaBridge.emit),
        ("notify", LuaBridge.notify),
        ("task", { L in LuaBridge.entry(L) { bridge, _ in try bridge.startTask() } }),
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

    /// `ui.notify(message, { kind, timeout })`: hands a toast to the host, which shows it
    /// in a corner until `timeout` seconds pass (4 by default, 0 for until dismissed).
    static let notify: theolua_function = { L in
        LuaBridge.entry(L) { bridge, L in
            guard lua_type(L, 1) == LUA_TSTRING || lua_type(L, 1) == LUA_TNUMBER else {
                throw bridge.raise("ui.notify: expected the message as a string, got \(bridge.found(at: 1))")
            }
            let message = bridge.state.describe(1)
            guard message.utf8.count <= notificationLimit else {
                throw bridge.raise("ui.notify: the message is longer than \(notificationLimit) bytes")
            }
            var kind = "info"
            var timeout = 4.0
            switch lua_type(L, 2) {
            case LUA_TNIL, LUA_TNONE: break
            case LUA_TTABLE:
                if lua_getfield(L, 2, "kind") != LUA_TNIL {
                    guard let name = bridge.state.string(at: -1), notificationKinds.contains(name) else {
                        throw bridge.raise(
                            "ui.notify: kind must be one of \(notificationKinds.joined(separator: ", ")),"
                                + " got \(bridge.found(at: -1))")
                    }
                    kind = name
                }
                bridge.state.pop()
                if lua_getfield(L, 2, "timeout") != LUA_TNIL {
                    let seconds = lua_tonumberx(L, -1, nil)
                    guard lua_type(L, -1) == LUA_TNUMBER, seconds.isFinite, seconds >= 0, seconds <= 86_400 else {
                        throw bridge.raise(
                            "ui.notify: timeout must be seconds from 0 (until dismissed) to 86400,"
                                + " got \(bridge.found(at: -1))")
                    }
                    timeout = seconds
                }
                bridge.state.pop()
            default:
                throw bridge.raise("ui.notify: expected options as a table { kind, timeout }, got \(bridge.found(at: 2))")
            }
            bridge.onNotify(message, kind, timeout)
            return 0
        }
    }

    /// `ui.print(...)`'s sink: the line Lua's `print` makes of its arguments (the C
    /// `print` of the sandbox, converting in C), handed to the host as text that stays:
    /// above the live area of an inline app, in the log of a full-screen one, before the
    /// screen in `render`.
    static let printSink: theolua_function = { L in
        LuaBridge.entry(L) { bridge, L in
            var length = 0
            guard let bytes = lua_tolstring(L, 1, &length) else { return 0 }
            guard length <= printLimit else {
                throw bridge.raise("ui.print: the text is longer than \(printLimit) bytes")
            }
            bridge.onPrint(String(decoding: UnsafeRawBufferPointer(start: bytes, count: length), as: UTF8.self))
            return 0
        }
    }

    /// The most one `ui.print` writes.
    static let printLimit = 1 << 20

    /// The kinds of toast `ui.notify` shows.
    static let notificationKinds = ["info", "success", "warning", "error"]
    /// The longest toast message: a note, not a document.
    static let notificationLimit = 4096

    /// The most bytes `ui.clipboard.write` copies: more than any terminal takes in one
    /// OSC 52 sequence is refused rather than cut.
    static let clipboardLimit = 1 << 20

    /// `ui.clipboard.write(text)`: hands the text to the host, which puts it on the
    /// clipboard (OSC 52 in a terminal) or keeps it (headless).
    static let writeClipboard: theolua_function = { L in
        LuaBridge.entry(L) { bridge, L in
            guard lua_type(L, 1) == LUA_TSTRING || lua_type(L, 1) == LUA_TNUMBER else {
                throw bridge.raise("ui.clipboard.write: expected the text as a string, got \(bridge.found(at: 1))")
            }
            var length = 0
            guard let bytes = lua_tolstring(L, 1, &length) else { return 0 }
            guard length <= clipboardLimit else {
                throw bridge.raise(
                    "ui.clipboard.write: the text is \(length) bytes, more than the 1 MiB the clipboard takes at once")
            }
            bridge.onClipboard(String(decoding: UnsafeRawBufferPointer(start: bytes, count: length), as: UTF8.self))
            return 0
        }
    }

    /// `ui.text`, `ui.box`, …: validates the props and makes the element, as the
    /// constructor registered at the upvalue's index says.
    static let primitiveConstructor: theolua_function = { L in
        LuaBridge.entry(L) { bridge, L in
            let index = Int(lua_tointegerx(L, theolua_upvalueindex(1), nil))
            guard bridge.module.constructors.indices.contains(index) else { return 0 }
            let constructor = bridge.module.constructors[index]
            let element = try bridge.stageClock.measure(.elements) { try bridge.makeElement(constructor) }
            bridge.noteTopLevelElement(element, constructor.subject)
            bridge.pushElement(element)
            return 1
        }
    }

    /// Offers `constructor` to scripts as `ui.<name>`: a widget's spec, registered by the
    /// host before the app loads (the runtime registers the built-in ones).
    package func registerConstructor(_ constructor: ElementConstructor) {
        module.constructors.append(RegisteredConstructor(constructor, schema: bind(constructor.schema)))
        components.knownComponentNames.insert("ui.\(constructor.name)")
        registryTable(.module)
        if constructor.content == .run, let registered = module.constructors.last {
            pushSpanConstructor(registered)
        } else {
            lua_pushinteger(L, lua_Integer(module.constructors.count - 1))
            theolua_pushfunction(L, LuaBridge.primitiveConstructor, 1)
        }
        lua_pushvalue(L, -1)
        addToModuleSnapshot(constructor.name)
        state.setRawField(-2, constructor.name)
        state.pop()
    }

    /// The element `constructor` makes of the arguments on the stack.
    func makeElement(_ constructor: RegisteredConstructor) throws -> Element {
        let subject = constructor.subject  // for messages only
        var context = ConversionContext()
        // ui.text "hello", ui.button "OK" and ui.markdown "# Notes"
        if constructor.content == .text, lua_type(L, 1) == LUA_TSTRING || lua_type(L, 1) == LUA_TNUMBER {
            let props = Record(uniqueEntries: [Record.Entry(key: "text", value: .string(state.describe(1)))])
            if let kind = constructor.kind { return .host(kind, props: props) }
            if let make = constructor.make {
                do {
                    return try make(props, nil)
                } catch {
                    throw raise("\(subject): \(error)")
                }
            }
        }
        if lua_type(L, 1) == LUA_TNONE || lua_type(L, 1) == LUA_TNIL {
            if constructor.content == .text { throw raise("\(subject): expected a string or a table, got nil") }
            // A list or table has props it cannot do without (count, render, cell).
            guard let kind = constructor.kind else { throw raise("\(subject): expected a table of props, got nil") }
            return .host(kind, props: constructor.presetRecord)
        }
        guard lua_type(L, 1) == LUA_TTABLE else {
            throw raise("\(subject): expected a table of props, got \(found(at: 1))")
        }
        var table: ElementTable
        let presets = constructor.presets
        let extra = presets.count + (constructor.content == .text ? 2 : 0)  // text, runs
        do {
            table = try elementTable(at: 1, schema: constructor.schema, &context) { _ in extra }
        } catch {
            throw validationError(subject: subject, error)
        }
        for preset in presets where !table.has(preset.key) { table.entries.append(preset) }
        if let kind = constructor.kind {
            switch constructor.content {
            case .text:
                let (text, runs) = try textContent(of: subject, count: table.itemCount)
                table.entries.append(Record.Entry(key: "text", value: .string(text)))
                if let runs {
                    guard !table.has("runs") else {
                        throw raise("\(subject): give its runs as ui.span items or as runs, not both")
                    }
                    table.entries.append(Record.Entry(key: "runs", value: .array(ValueArray(unhashed: runs))))
                }
                return .host(kind, props: Record(uniqueEntries: table.entries), key: table.key)
            case .children:
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
                return try checkedDepth(.host(kind, props: props, children: children, key: table.key), subject)
            case .none, .run:
                break
            }
        }
        if constructor.content == .text {
            // A text a function makes into an element (ui.markdown): its strings, joined.
            let (text, _) = try textContent(of: subject, count: table.itemCount)
            table.entries.append(Record.Entry(key: "text", value: .string(text)))
        } else if table.itemCount != 0 {
            throw raise("\(subject): takes no children")
        }
        let props = Record(uniqueEntries: table.entries)
        guard let make = constructor.make else { return .host(constructor.kind ?? "", props: props, key: table.key) }
        do {
            return try make(props, table.key)
        } catch {
            throw raise("\(subject): \(error)")
        }
    }

    /// The text of `ui.text { "a", "b" }`: strings and numbers joined; nil and false
    /// skipped. With `ui.span` items among them, also the styled runs, in order: a
    /// string is a run of the text's own look, a span a run of its look over what
    /// encloses it (its own runs, when spans nest, each over the span's).
    private func textContent(of subject: String, count: Int) throws -> (text: String, runs: [Value]?) {
        if let read = readTextInC(at: 1, count: count) { return read }
        var content = TextContent()
        // The looks of spans are gathered in storage kept from call to call.
        content.looks = values.spanScratch
        content.bytes = values.textBytes
        values.spanScratch = []
        values.textBytes = []
        defer {
            content.looks.removeAll(keepingCapacity: true)
            content.bytes.removeAll(keepingCapacity: true)
            values.spanScratch = content.looks
            values.textBytes = content.bytes
        }
        var context = ConversionContext()
        do {
            try appendTextItems(of: 1, count: count, look: 0..<0, to: &content, &context)
        } catch {
            let raise = raise(textItemsMessage(error, subject: subject))
            diagnostics.lastValidationMessage = raise.message
            throw raise
        }
        content.finish()
        return (content.text, content.runs)
    }

    /// The most runs one text holds: a paragraph, not a document.
    static let runLimit = 10_000

    /// Whether `key` is a prop of a run's look: what a span sets over what encloses it.
    static func isLookKey(_ key: String) -> Bool {
        switch key {
        case "color", "bg", "bold", "dim", "italic", "underline", "inverse", "strike", "link": true
        default: false
        }
    }

    /// A validation error raised at the calling line, remembered so its kind is known.
    func validationError(subject: String, _ mismatch: Mismatch, noun: String = "prop") -> LuaRaise {
        let raise = raise("\(subject): \(mismatch.message(subject: noun))")
        diagnostics.lastValidationMessage = raise.message
        return raise
    }
}

/// A constructor offered to scripts, as the constructor path reads it on every call: its
/// schema bound to the Lua state, and its definition taken apart.
final class RegisteredConstructor {
    /// What the array part is.
    enum Content {
        case none, text, children, run
    }

    let schema: BoundSchema
    /// The name under `ui`.
    let name: String
    /// `ui.<name>`, what messages call it.
    let subject: String
    let content: Content
    /// The host element's kind, when it makes one.
    let kind: String?
    /// The function that makes the element, when a function does.
    let make: (@Sendable (Record, Key?) throws -> Element)?
    /// The presets, as record entries in order and as a record.
    let presets: [Record.Entry]
    let presetRecord: Record

    init(_ definition: ElementConstructor, schema: BoundSchema) {
        self.schema = schema
        name = definition.name
        subject = "ui.\(definition.name)"
        switch definition.content {
        case .none: content = .none
        case .text: content = .text
        case .children: content = .children
        case .run: content = .run
        }
        switch definition.make {
        case .host(let kind):
            self.kind = kind
            make = nil
        case .element(let function):
            kind = nil
            make = function
        }
        presets = definition.presets.entries
        presetRecord = definition.presets
    }
}
