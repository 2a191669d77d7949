import TheoluaCore

extension Runtime {
    /// Offers the built-in widgets and `ui.theme` to scripts (see docs/lua-api.md, Widgets).
    func registerBuiltInWidgets() throws {
        bridge.registerContext(named: "theme", Theme.context)
        try bridge.registerNativeComponent(named: "checkbox", schema: Checkbox.schema) { props, key in
            Checkbox.element(props: props, key: key)
        }
        try bridge.registerNativeComponent(named: "progress", schema: Progress.schema) { props, key in
            Progress.element(props: props, key: key)
        }
        try bridge.registerNativeComponent(named: "spinner", schema: Spinner.schema) { props, key in
            Spinner.element(props: props, key: key)
        }
        try bridge.registerNativeComponent(named: "select", schema: Select.schema) { props, key in
            Select.element(props: props, key: key)
        }
        try bridge.registerNativeComponent(named: "keyhints", schema: KeyHints.schema) { props, key in
            KeyHints.element(props: props, key: key)
        }
        try bridge.registerNativeComponent(named: "tabs", schema: Tabs.schema, itemSchema: Tabs.itemSchema) {
            props, key in Tabs.element(props: props, key: key)
        }
    }
}
