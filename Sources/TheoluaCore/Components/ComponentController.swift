/// A long-lived, mutable companion of one logical component.
///
/// A controller is created with the first generation of its component and kept across
/// all later ones; it can hold timers, caches and subscriptions. It can read its
/// component's latest props and state and update the state through the
/// ``ComponentRef`` it was made with; the component cannot reach its controller.
///
/// The lifecycle methods run outside rendering, after the host operations of the turn
/// have been applied, so a controller sees the mounted UI. Errors they throw are
/// reported as script errors naming the component and the phase.
public protocol ComponentController: AnyObject {
    /// Runs once, after the component's first generation is mounted (in the same turn,
    /// after the host operations of that turn; children before parents).
    func didMount() throws

    /// Runs after each later generation of the component is mounted: after a turn in
    /// which the component re-rendered because its props, state or definition changed.
    /// It does not run for turns in which the component was reused as it was.
    func didUpdateComponent() throws

    /// Runs once, before the component leaves the tree: before the host operations that
    /// remove it, parents before children. Timers the controller owns through its
    /// ``ComponentRef`` are cancelled right after it returns.
    func willUnmount() throws

    /// Performs `action` if this controller handles it; returns whether it did. Called
    /// when a dispatch reaches the controller, right after its component declined.
    func perform(action: String, arguments: [Value]) throws -> Bool

    /// Like ``perform(action:arguments:)``, with what the action returned: `nil` when not
    /// handled. The reconciler calls this one; the default calls `perform` and returns
    /// `true` when it handled the action (so a handled `onKey` key is consumed).
    func performReturningValue(action: String, arguments: [Value]) throws -> Value?
}

extension ComponentController {
    public func didMount() throws {}
    public func didUpdateComponent() throws {}
    public func willUnmount() throws {}
    public func perform(action: String, arguments: [Value]) throws -> Bool { false }
    public func performReturningValue(action: String, arguments: [Value]) throws -> Value? {
        try perform(action: action, arguments: arguments) ? .bool(true) : nil
    }
}
