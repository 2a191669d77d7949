import TheoluaCore

/// What the widgets a key or a click toggles share (`ui.checkbox`, `ui.switch`): the
/// label they take as their first item, the focusable row they draw in, and how their
/// `toggle` binding and a click call `onChange` with the value flipped.
enum Toggle {
    /// The label, the text of the first array item (`ui.checkbox { "label" }`), or "".
    static func label(of props: Record) -> String {
        props["children"]?.arrayValue?.values.first?.elementValue?.hostProps["text"]?.stringValue ?? ""
    }

    /// `box` made the focusable row the widget draws in: its keys go to the action
    /// `key` and a click to `toggle`, which ``perform(_:_:value:onChange:bindings:context:)``
    /// answers.
    static func row<C: Component>(_ box: Record, context: ComponentContext<C>) -> Record {
        box.setting("direction", to: "row").setting("gap", to: 1).setting("focusable", to: true)
            .setting("onKey", to: .handler(context.handler("key")))
            .setting("onClick", to: .handler(context.handler("toggle")))
    }

    /// Answers the actions of ``row(_:context:)``: a key its `bindings` bind to `toggle`,
    /// or a click, calls `onChange(not value)` and is handled (true); another key is not
    /// (false); another action is not the toggle's (nil).
    static func perform<C: Component>(
        _ action: String, _ arguments: [Value], value: Bool, onChange: Handler?, bindings: [KeyBinding],
        context: ComponentContext<C>
    ) -> Value? {
        switch action {
        case "key":
            guard KeyBinding.action(forEvent: arguments.first, in: bindings) == "toggle" else { return .bool(false) }
        case "toggle": break
        default: return nil
        }
        if let onChange { context.call(onChange, [.bool(!value)]) }
        return .bool(true)
    }
}
