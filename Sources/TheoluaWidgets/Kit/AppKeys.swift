import TheoluaCore

/// The `onKey` an app gives a widget that answers keys itself. Such a widget sets its
/// box's `onKey` to its own handler; the app's still gets every key the widget leaves,
/// as a box's `onKey` would (docs/lua-api.md, Focus and keys: the focused element's own
/// behaviour first, then `onKey` handlers from it up through its ancestors).
enum AppKeys {
    /// The answer to a key event (`arguments.first`) the widget's own bindings left:
    /// what the app's `onKey` returns (true stops the key), or false without one, so
    /// the key goes on to the ancestors.
    static func passOn<D: ComponentDefinition>(
        _ arguments: [Value], to onKey: Value?, _ component: ComponentRef<D>
    ) -> Value {
        guard let handler = onKey?.handlerValue, let event = arguments.first else { return .bool(false) }
        guard case .handled(let answer) = component.call(handler, [event]) else { return .bool(false) }
        return answer
    }
}
