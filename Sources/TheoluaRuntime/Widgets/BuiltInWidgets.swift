import TheoluaCore
import TheoluaWidgets

extension Runtime {
    /// Offers the built-in widgets (``BuiltIn``) and their contexts (`ui.theme`) to
    /// scripts (see docs/lua-api.md, Widgets).
    func registerBuiltInWidgets() throws {
        for (name, context) in BuiltIn.contexts { bridge.registerContext(named: name, context) }
        for spec in BuiltIn.widgets { try register(spec) }
    }

    /// Offers the widget `spec` to scripts as `ui.<name>`: a widget of a host program
    /// is registered as the built-in ones are. A host primitive's kind is drawn by this
    /// runtime's host from then on. Register before loading the app.
    public func register(_ spec: WidgetSpec) throws(ScriptError) {
        var itemSchema: RecordSchema?
        if case .items(let schema) = spec.content { itemSchema = schema }
        let make: @Sendable (Record, Key?) throws -> Element
        switch spec.make {
        case .element(let function):
            make = function
        case .primitive(let primitive):
            host.primitives.register(primitive)
            let kind = primitive.kind
            make = { props, key in
                let children = props["children"]?.arrayValue?.values.compactMap(\.elementValue) ?? []
                return .host(kind, props: props.filter { $0 != "children" }, children: children, key: key)
            }
        }
        try bridge.registerNativeComponent(named: spec.name, props: spec.props, items: itemSchema, make: make)
    }
}
