import CLuaSupport
import TheoluaCore
import TheoluaWidgets

extension Runtime {
    /// Offers the built-in widgets (``BuiltIn``) and their contexts (`ui.theme`) to
    /// scripts (see docs/lua-api.md, Widgets).
    func registerBuiltInWidgets() throws {
        try bridge.registerBuiltInWidgets()
    }

    /// Offers the widget `spec` to scripts as `ui.<name>`: a widget of a host program
    /// is registered as the built-in ones are. A host primitive's kind is drawn by this
    /// runtime's host from then on. Register before loading the app.
    public func register(_ spec: WidgetSpec) throws(ScriptError) {
        if case .primitive(let primitive) = spec.make { host.primitives.register(primitive) }
        try bridge.register(spec)
    }
}

extension LuaBridge {
    /// Offers the built-in widgets and their contexts to scripts.
    package func registerBuiltInWidgets() throws(ScriptError) {
        // The lists are `static let`s, made once a process and kept until it exits; a
        // leak check cannot follow the schema types in them (Swift enum payloads carry
        // tag bits in the pointer), so they are made where it ignores them.
        theolua_leak_checks_pause()
        let (contexts, widgets) = (BuiltIn.contexts, BuiltIn.widgets)
        theolua_leak_checks_resume()
        for (name, context) in contexts { registerContext(named: name, context) }
        for spec in widgets { try register(spec) }
    }

    /// Makes `ui.<name>` of `spec`: a constructor read as a primitive's or as a
    /// component's props, as the spec says.
    package func register(_ spec: WidgetSpec) throws(ScriptError) {
        switch spec.constructor {
        case .primitive:
            let content: ElementConstructor.Content
            switch spec.content {
            case .none: content = .none
            case .text: content = .text
            case .children: content = .children
            case .run: content = .run
            case .items:
                throw ScriptError(
                    .runtime,
                    message: "widget \(spec.name): a primitive's constructor cannot take items; make it a component")
            }
            let make: ElementConstructor.Make
            switch spec.make {
            case .primitive(let primitive): make = .host(kind: primitive.kind)
            case .element(let function): make = .element(function)
            }
            try checkName(spec.name)
            registerConstructor(
                ElementConstructor(
                    name: spec.name, schema: spec.props, content: content, presets: spec.presets, make: make))
        case .component:
            var itemSchema: RecordSchema?
            if case .items(let schema) = spec.content { itemSchema = schema }
            let make: @Sendable (Record, Key?) throws -> Element
            switch spec.make {
            case .element(let function):
                make = function
            case .primitive(let primitive):
                let kind = primitive.kind
                let presets = spec.presets
                make = { props, key in
                    var props = props
                    for entry in presets.entries where props[entry.key] == nil {
                        props = props.setting(entry.key, to: entry.value)
                    }
                    let children = props["children"]?.arrayValue?.values.compactMap(\.elementValue) ?? []
                    return .host(kind, props: props.filter { $0 != "children" }, children: children, key: key)
                }
            }
            try registerNativeComponent(named: spec.name, props: spec.props, items: itemSchema, make: make)
        }
    }

    /// Checks that `name` can be `ui.<name>`: a Lua identifier.
    private func checkName(_ name: String) throws(ScriptError) {
        guard !name.isEmpty, name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }), name.first?.isLetter == true
        else {
            throw ScriptError(.runtime, message: "widget name '\(name)' must be a Lua identifier")
        }
    }
}
