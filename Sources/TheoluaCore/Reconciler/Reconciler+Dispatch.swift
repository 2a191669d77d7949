extension Reconciler {
    /// Calls `handler` with `arguments` after its bound arguments.
    ///
    /// An action handler walks the responder chain from its component: the component's
    /// actions, its controller's, then the parent's and its controller's, up to the root.
    /// An action nobody handles, or one whose component has unmounted, is reported as a
    /// warning; an error raised while handling it is reported as an error.
    @discardableResult
    public func dispatch(_ handler: Handler, arguments: [Value] = []) -> DispatchOutcome {
        stageClock.measure(.script) { perform(handler, arguments: arguments) }
    }

    private func perform(_ handler: Handler, arguments: [Value]) -> DispatchOutcome {
        switch handler.target {
        case .function(let box):
            do {
                return .handled(try box.function.call(arguments))
            } catch {
                onError(
                    ComponentError(
                        component: box.function.ownerName ?? handler.componentName ?? "handler",
                        path: box.function.handlerDescription,
                        phase: .action("function"), underlying: error))
                return .failed
            }
        case .action(let id, let action, let bound):
            guard let start = instances[id] else {
                warn("Action '\(action)' sent to \(handler.componentName ?? "a component") after it unmounted; ignored")
                return .targetGone
            }
            return walk(from: start, action: action, arguments: bound.values + arguments, origin: start)
        }
    }

    /// Dispatches `action` to the component `id` (its own actions first).
    @discardableResult
    public func dispatch(action: String, to id: ComponentID, arguments: [Value] = []) -> DispatchOutcome {
        guard let start = instances[id] else {
            warn("Action '\(action)' sent to an unmounted component; ignored")
            return .targetGone
        }
        return stageClock.measure(.script) { walk(from: start, action: action, arguments: arguments, origin: start) }
    }

    func send(_ action: String, arguments: [Value], from component: ComponentInstanceBase) -> DispatchOutcome {
        guard component.isMounted else {
            warn("\(component.componentName) sent '\(action)' after it unmounted; ignored")
            return .targetGone
        }
        return walk(from: component.parent, action: action, arguments: arguments, origin: component)
    }

    private func walk(from start: Instance?, action: String, arguments: [Value], origin: ComponentInstanceBase)
        -> DispatchOutcome
    {
        var current = start
        while let instance = current {
            if let component = instance.asComponent {
                do {
                    if let result = try component.perform(action: action, arguments: arguments) {
                        return .handled(result)
                    }
                    if let controller = component.controller,
                        let result = try controller.performReturningValue(action: action, arguments: arguments)
                    {
                        return .handled(result)
                    }
                } catch {
                    report(component, .action(action), error)
                    return .failed
                }
            }
            current = instance.parent
        }
        if let result = lastResponder(action, arguments) { return .handled(result) }
        warn(
            "Unhandled action '\(action)' from \(origin.scopePath): no component or controller on the"
                + " responder chain handles it")
        return .unhandled
    }
}
