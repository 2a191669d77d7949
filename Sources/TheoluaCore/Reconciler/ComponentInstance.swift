/// A mounted logical component, with its type erased: what the reconciler drives.
@usableFromInline class ComponentInstanceBase: Instance {
    @usableFromInline let id = ComponentID.next()
    /// The link to the reconciler, set when mounted.
    @exclusivity(unchecked) var link: ReconcilerLink?
    /// The reconciler, while it exists.
    var reconciler: Reconciler? { link?.reconciler }
    @exclusivity(unchecked) var controller: (any ComponentController)?
    @exclusivity(unchecked) private var timers: [ObjectIdentifier: TimerHandle] = [:]
    /// Other work the component started and owns: processes, watches.
    private var ownedWork: [any OwnedWork] = []

    var componentName: String { element.typeName }
    override var asComponent: ComponentInstanceBase? { self }
    override var isPlaceholder: Bool { false }

    /// Takes the element of a new generation; returns whether its props or definition
    /// differ from the last generation's.
    func receive(_ element: Element) -> Bool { false }

    /// The context and value this component provides, when it is a ``ContextProvider``.
    var provided: (context: ContextKey, value: Value)? { nil }

    /// Applies queued state updates in order; returns whether the state changed.
    func applyPendingUpdates() throws -> Bool { false }

    /// Drops queued updates (the component is leaving the tree).
    func dropPendingUpdates() {}

    func render() throws -> [Element] { [] }

    func makeController() throws {}

    /// Tells the definition the component has left the tree.
    func didUnmount() {}

    /// Performs `action` if the definition handles it: its result, or `nil` if not handled.
    func perform(action: String, arguments: [Value]) throws -> Value? { nil }

    func startTimer(delay: Duration, repeating: Bool, _ work: @escaping () -> Void) -> TimerHandle? {
        guard isMounted, let reconciler else {
            reconciler?.warn("\(componentName): timer started after the component unmounted; ignored")
            return nil
        }
        let timer = TimerHandle(on: reconciler.runLoop, delay: delay, repeating: repeating, work)
        timer.onFinish = { [weak self] timer in self?.timers[ObjectIdentifier(timer)] = nil }
        if timer.isActive { timers[ObjectIdentifier(timer)] = timer }
        return timer
    }

    /// Leaves the reconciler's dirty list, as counted by `Reconciler.dirtyCount`.
    final func clearDirty() {
        guard isDirty else { return }
        isDirty = false
        reconciler?.dirtyCount -= 1
    }

    /// Whether the component renders at its next update even if its props and state
    /// are unchanged.
    var needsRender = false

    /// How many times it has rendered since it mounted (for inspection).
    @exclusivity(unchecked) var renderCount = 0
    /// How long its last render took, while the reconciler measures render times.
    @exclusivity(unchecked) var lastRenderTime: Duration?
    /// Its props and state as plain values (for inspection).
    var inspectedProps: Value { .null }
    var inspectedState: Value { .null }

    func own(_ work: any OwnedWork) -> Bool {
        guard isMounted, reconciler != nil else {
            reconciler?.warn("\(componentName): work started after the component unmounted; stopped")
            work.cancel()
            return false
        }
        ownedWork.removeAll { !$0.isActive }
        ownedWork.append(work)
        return true
    }

    /// Whether timers or other work the component started are still running.
    var hasRunningWork: Bool { !timers.isEmpty || ownedWork.contains { $0.isActive } }

    /// Cancels the component's timers and other work.
    func cancelOwnedWork() {
        let owned = timers.values
        timers.removeAll()
        for timer in owned { timer.cancel() }
        let work = ownedWork
        ownedWork.removeAll()
        for item in work { item.cancel() }
    }
}

/// A queued state update.
enum StateUpdate<State> {
    case replace(State)
    case transform((State) throws -> State)
}

/// A mounted logical component of definition `D`, with typed props and state.
@usableFromInline final class ComponentInstance<D: ComponentDefinition>: ComponentInstanceBase {
    override var inspectedProps: Value { inspectionValue(of: props) }
    override var inspectedState: Value { inspectionValue(of: state) }

    /// The definition of the latest generation (replaced on reload).
    @exclusivity(unchecked) @usableFromInline var definition: D
    /// The latest committed props.
    @exclusivity(unchecked) @usableFromInline var props: D.Props
    /// The latest committed state.
    @exclusivity(unchecked) @usableFromInline var state: D.State
    @exclusivity(unchecked) private var updates: [StateUpdate<D.State>] = []

    init(definition: D, props: D.Props, state: D.State, element: Element, parent: Instance?, slot: Slot) {
        self.definition = definition
        self.props = props
        self.state = state
        super.init(element: element, parent: parent, slot: slot)
    }

    override var componentName: String { definition.name }

    override var provided: (context: ContextKey, value: Value)? {
        guard D.self == ContextProvider.self, let props = props as? ContextProvider.Props else { return nil }
        return (props.context, props.value)
    }
    override var componentTypeID: ObjectIdentifier? { ObjectIdentifier(D.self) }

    override func receive(_ element: Element) -> Bool {
        if element.storage === self.element.storage { return false }  // the very same element
        self.element = element
        guard element.storage.componentTypeID == ObjectIdentifier(D.self) else { return true }
        let storage = unsafeDowncast(element.storage, to: ComponentElementStorage<D>.self)
        let changed = storage.definition != definition || storage.props != props
        definition = storage.definition
        props = storage.props
        return changed
    }

    func enqueue(_ update: StateUpdate<D.State>) {
        guard isMounted, let reconciler else {
            reconciler?.warn("\(componentName): updateState after the component unmounted; ignored")
            return
        }
        updates.append(update)
        reconciler.markDirty(self)
    }

    override func applyPendingUpdates() throws -> Bool {
        clearDirty()
        // Asked to render again though nothing changed: a context value it used did.
        let rendersAnyway = needsRender
        needsRender = false
        let changed = try applyQueued()
        return changed || rendersAnyway
    }

    private func applyQueued() throws -> Bool {
        guard !updates.isEmpty else { return false }
        let queued = updates
        updates.removeAll()
        var next = state
        for update in queued {
            switch update {
            case .replace(let value): next = value
            case .transform(let transform): next = try transform(next)
            }
        }
        guard next != state else { return false }
        state = next
        return true
    }

    override func dropPendingUpdates() {
        updates.removeAll()
        clearDirty()
    }

    override func render() throws -> [Element] {
        try definition.render(ComponentRef(self))
    }

    override func makeController() throws {
        controller = try definition.makeController(for: ComponentRef(self))
    }

    override func perform(action: String, arguments: [Value]) throws -> Value? {
        try definition.perform(action: action, arguments: arguments, component: ComponentRef(self))
    }

    override func didUnmount() {
        definition.didUnmount(ComponentRef(self))
    }
}

extension ComponentElementStorage {
    /// Computes the initial state first, so an instance (and any handle on it) never
    /// exists without state.
    func makeComponentInstance(parent: Instance?, slot: Slot, element: Element) throws -> ComponentInstance<D> {
        let state = try definition.initialState(props: props)
        return ComponentInstance(
            definition: definition, props: props, state: state, element: element, parent: parent, slot: slot)
    }
}
