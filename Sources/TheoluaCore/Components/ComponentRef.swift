/// A handle on one logical component: what renders, actions and controllers use to read
/// its latest props and state, update its state, make handlers and send actions.
///
/// A `ComponentRef` names the logical component, not one generation: `props` and
/// `state` always return the latest committed values, so a handle kept by a controller
/// or a closure never reads stale values. It can only be obtained after the component's
/// initial state exists, so state is never read before the first render. After the
/// component unmounts, reads return the last values and updates are ignored with a
/// warning.
public struct ComponentRef<D: ComponentDefinition> {
    @usableFromInline let instance: ComponentInstance<D>

    init(_ instance: ComponentInstance<D>) {
        self.instance = instance
    }

    /// The logical component's identity.
    @inlinable public var id: ComponentID { instance.id }

    /// The component's name.
    // The accessors a bridge reads on every render are inlinable, so that they are
    // specialized for its definition type rather than called through witness tables.
    @inlinable public var name: String { instance.definition.name }

    /// The definition the latest generation was rendered with.
    @inlinable public var definition: D { instance.definition }

    /// The latest committed props.
    @inlinable public var props: D.Props { instance.props }

    /// The latest committed state.
    @inlinable public var state: D.State { instance.state }

    /// Whether the component is still in the tree.
    public var isMounted: Bool { instance.isMounted }

    /// The component's place in the tree, e.g. `App › List › Row#a`, for messages.
    public var path: String { instance.scopePath }

    /// Queues `state` to replace the state at the next turn. Never applied synchronously.
    public func updateState(_ state: D.State) {
        instance.enqueue(.replace(state))
    }

    /// Queues `transform` to compute the next state from the previous one at the next
    /// turn. Updates of one turn are applied in the order they were queued.
    public func updateState(_ transform: @escaping (D.State) throws -> D.State) {
        instance.enqueue(.transform(transform))
    }

    /// Queues an in-place change of the state, applied at the next turn like
    /// ``updateState(_:)-(D.State)``.
    public func mutateState(_ change: @escaping (inout D.State) throws -> Void) {
        instance.enqueue(
            .transform { old in
                var new = old
                try change(&new)
                return new
            })
    }

    /// A handler that dispatches `action` to this component with `arguments` bound first.
    /// Equal for equal actions and arguments across every generation.
    public func handler(_ action: String, _ arguments: Value...) -> Handler {
        handler(action, arguments: arguments)
    }

    /// A handler that dispatches `action` to this component with `arguments` bound first.
    public func handler(_ action: String, arguments: [Value]) -> Handler {
        Handler(component: instance.id, named: instance.definition.name, action: action, arguments: arguments)
    }

    /// Dispatches `action` along the responder chain, starting at this component's parent.
    @discardableResult
    public func send(_ action: String, _ arguments: Value...) -> DispatchOutcome {
        send(action, arguments: arguments)
    }

    /// Dispatches `action` along the responder chain, starting at this component's parent.
    @discardableResult
    public func send(_ action: String, arguments: [Value]) -> DispatchOutcome {
        guard let reconciler = instance.reconciler else { return .targetGone }
        return reconciler.send(action, arguments: arguments, from: instance)
    }

    /// Calls `handler` (a prop such as `onChange`) with `arguments`, as the host calls an
    /// `onPress`: an action goes to its component, a script function runs.
    @discardableResult
    public func call(_ handler: Handler, _ arguments: [Value] = []) -> DispatchOutcome {
        guard let reconciler = instance.reconciler else { return .targetGone }
        return reconciler.dispatch(handler, arguments: arguments)
    }

    /// Runs `work` once after `delay`, on the reconciler's run loop. The timer belongs to
    /// the component and is cancelled when it unmounts.
    @discardableResult
    public func after(_ delay: Duration, _ work: @escaping () -> Void) -> TimerHandle? {
        instance.startTimer(delay: delay, repeating: false, work)
    }

    /// Runs `work` every `interval`, on the reconciler's run loop, until cancelled or
    /// until the component unmounts.
    @discardableResult
    public func every(_ interval: Duration, _ work: @escaping () -> Void) -> TimerHandle? {
        instance.startTimer(delay: interval, repeating: true, work)
    }

    /// Makes `work` (a process, a watch: anything that runs on after the call that
    /// started it) belong to the component: it is cancelled when the component unmounts,
    /// or restarted with the component's controller on reload, as timers are. Returns
    /// false, cancelling `work`, when the component has already unmounted.
    @discardableResult
    public func own(_ work: any OwnedWork) -> Bool {
        instance.own(work)
    }
}
