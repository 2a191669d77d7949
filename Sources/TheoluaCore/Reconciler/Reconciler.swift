/// What happened to a dispatched action.
public enum DispatchOutcome: Sendable, Equatable {
    /// A component or controller on the responder chain performed it; the value is what
    /// it returned (`nil` for nothing), so an `onKey` handler can return `true` to stop
    /// a key.
    case handled(Value)
    /// Nobody on the chain handles it; a warning was reported.
    case unhandled
    /// Its target component has unmounted; a warning was reported.
    case targetGone
    /// The handler raised an error, which was reported.
    case failed
}

/// The reconciler: turns generations of elements into a tree of logical components and
/// host nodes, re-rendering only what changed, and sends the minimal host operations.
///
/// Every pass (mounting, replacing the root, applying queued state updates) makes a new
/// generation. A logical component is identified by its name and its key (or position)
/// along its scope path; its state and controller survive every generation in which it
/// keeps that identity. A component whose props and state equal the last generation's
/// is not re-rendered, and its subtree is reused as it is.
///
/// The reconciler is confined to one thread: the one its run loop runs on. Its state
/// (and its instances') is read and written without dynamic exclusivity checks, which
/// cost a tenth of a first frame: no property is passed `inout` across a call that could
/// reach it again.
public final class Reconciler {
    /// The receiver of host operations.
    public let host: any HostRenderer
    /// The scheduler for next-turn work and timers.
    public let runLoop: any RunLoop
    /// Receives every error raised by or about a component: script errors in render,
    /// actions, controllers and timers, duplicate keys. The app keeps running.
    public var onError: (ComponentError) -> Void = { _ in }
    /// Receives warnings: unhandled actions, updates to unmounted components.
    public var onWarning: (Warning) -> Void = { _ in }
    /// The last responder, above the root: an action no component or controller on the
    /// chain handles reaches it before being reported as unhandled. It returns the
    /// action's result, or `nil` when it does not handle the action either. The runtime
    /// handles `quit` here.
    public var lastResponder: (_ action: String, _ arguments: [Value]) -> Value? = { _, _ in nil }
    /// The deepest a tree may be. Deeper, an element is not mounted and an error is
    /// reported: such trees come from a component that renders itself without end, and
    /// laying them out would exhaust the stack.
    public static let maximumDepth = 500

    /// The most instances (host elements and components) mounted at once, and the most
    /// bytes of text their host props may hold: what an app makes the host keep, which
    /// no Lua memory cap sees. Past either, the element that would cross it is not
    /// mounted and an error is reported.
    @exclusivity(unchecked) public var limits = HostLimits()
    /// Whether each component's render is timed (``ComponentSnapshot/lastRenderTime``):
    /// on while an inspector shows the times, off (and free) otherwise.
    @exclusivity(unchecked) public var measuresRenderTimes = false
    /// Instances mounted now.
    @exclusivity(unchecked) public internal(set) var mountedCount = 0
    /// Bytes of the string props of the host nodes mounted now.
    @exclusivity(unchecked) public internal(set) var mountedTextBytes = 0
    /// Whether this pass reported going past a limit already: the thousands of siblings
    /// that would follow are left out without a message each.
    @exclusivity(unchecked) var limitReported = false

    /// Where the time goes, stage by stage, when a benchmark asks (nil: not measured).
    /// The Lua bridge and the host report to it too.
    @exclusivity(unchecked) package var stageClock: StageClock?

    /// The number of passes so far; each pass is one generation.
    @exclusivity(unchecked) public private(set) var generation = 0

    let root = RootInstance()
    @exclusivity(unchecked) private(set) var instances: [ComponentID: ComponentInstanceBase] = [:]
    @exclusivity(unchecked) var dirty: [ComponentInstanceBase] = []
    /// The components that used each provider's context (by the provider's identity),
    /// so a change of its value renders just them. A consumer is noted again each time
    /// it renders; the set is dropped when the value changes or the provider unmounts.
    @exclusivity(unchecked) var contextConsumers: [ComponentID: Set<ComponentID>] = [:]
    /// Consumers whose context value changed in the current pass, to render before it ends.
    @exclusivity(unchecked) var contextDirty: [ComponentInstanceBase] = []
    /// How many instances are dirty now: with none, reconciling children need not ask
    /// each child.
    @exclusivity(unchecked) var dirtyCount = 0
    @exclusivity(unchecked) private var flushScheduled = false
    @exclusivity(unchecked) private(set) var isReconciling = false
    @exclusivity(unchecked) var forceRender = false

    /// The values hosts provide above the root (``provide(_:value:)``), by context.
    @exclusivity(unchecked) var rootContexts: [ContextKey: Value] = [:]
    /// The components that used each context with no provider of it above them, so a
    /// value provided above the root renders just them when it changes. A consumer is
    /// noted again each time it renders, and forgotten when it unmounts.
    @exclusivity(unchecked) var rootContextConsumers: [ContextKey: Set<ComponentID>] = [:]
    /// Whether the pass is a reload's (see ``reload(root:)``).
    @exclusivity(unchecked) var isReloading = false
    @exclusivity(unchecked) var pendingLifecycle: [(ComponentInstanceBase, LifecyclePhase)] = []
    @exclusivity(unchecked) var hostChanged = false
    /// How many props updates the host has been sent (for tests: a re-render that only
    /// re-creates closures sends none).
    package private(set) var hostUpdates = 0

    /// A reconciler sending host operations to `host` and scheduling on `runLoop`.
    public init(host: any HostRenderer, runLoop: any RunLoop) {
        self.host = host
        self.runLoop = runLoop
        link.reconciler = self
    }

    /// Mounts `element` as the root, or makes it the root's next generation.
    ///
    /// When `forceRender` is true every component re-renders even if its props and state
    /// are unchanged, as after a script reload; state and controllers are kept.
    public func update(root element: Element?, forceRender: Bool = false) {
        if isReconciling {
            runLoop.enqueue { [weak self] in self?.update(root: element, forceRender: forceRender) }
            return
        }
        pass {
            self.forceRender = forceRender
            defer { self.forceRender = false }
            reconcileChildren(of: root, with: element.map { [$0] } ?? [], anchor: .known(nil))
        }
    }

    /// Mounts the next generation of a reloaded app: every component re-renders (as with
    /// `forceRender`), and a component with a controller and running timers is started
    /// again: its timers are cancelled and its controller's `didMount` runs once more, so
    /// that the timers it starts run the new code. A component whose definition does not
    /// continue the previous one (``ComponentDefinition/continues(from:)``) is mounted
    /// afresh.
    public func reload(root element: Element?) {
        if isReconciling {
            runLoop.enqueue { [weak self] in self?.reload(root: element) }
            return
        }
        isReloading = true
        defer { isReloading = false }
        update(root: element, forceRender: true)
    }

    /// Unmounts everything: every controller's `willUnmount` runs and every host node is
    /// removed.
    public func unmountAll() {
        update(root: nil)
    }

    /// Whether state updates are queued for the next turn.
    public var hasPendingUpdates: Bool { !dirty.isEmpty }

    /// The names of the components with queued state updates, for messages.
    public var pendingComponentNames: [String] {
        var seen: Set<String> = []
        return dirty.map(\.componentName).filter { seen.insert($0).inserted }
    }

    /// The number of mounted logical components.
    public var componentCount: Int { instances.count }

    /// The mounted components named `name`, in tree order: a hook for benchmarks and
    /// tests that need to reach one component.
    package func mountedComponents(named name: String) -> [ComponentID] {
        var found: [ComponentID] = []
        var stack: [Instance] = [root]
        while let instance = stack.popLast() {
            if let component = instance.asComponent, component.componentName == name { found.append(component.id) }
            stack.append(contentsOf: instance.children.reversed())
        }
        return found
    }

    /// The topmost host nodes the component `id` rendered, in order; none when it is not
    /// mounted.
    package func topHostNodes(of id: ComponentID) -> [HostNode] {
        var nodes: [HostNode] = []
        instances[id]?.collectTopHostNodes(into: &nodes)
        return nodes
    }

    /// The name of the mounted component `id`.
    package func componentName(of id: ComponentID) -> String? {
        instances[id]?.componentName
    }

    /// Applies every queued state update now, as the next turn would: each affected
    /// component re-renders once, parents before children. Safe to call at any time; a
    /// call from inside a pass leaves the work to the scheduled turn.
    public func flush() {
        guard !isReconciling, !dirty.isEmpty else { return }
        pass {
            let batch = dirty.sorted { $0.depth < $1.depth }
            dirty.removeAll(keepingCapacity: true)
            for component in batch where component.isMounted && component.isDirty {
                if applyUpdates(component) {
                    render(component, anchor: .after(component), isFirst: false)
                }
            }
        }
    }

    /// Runs `body` as one generation: host operations, then one commit, then the
    /// controllers' lifecycle methods of this generation.
    func pass(_ body: () -> Void) {
        if isReconciling {
            // A lifecycle method or a host called back into the reconciler; do the work in
            // the next turn rather than nesting passes.
            scheduleFlush()
            return
        }
        isReconciling = true
        generation += 1
        limitReported = false
        stageClock.measure(.reconcile) {
            body()
            renderContextConsumers()
            if hostChanged {
                hostChanged = false
                stageClock.measure(.host) { host.commit() }
            }
        }
        isReconciling = false
        stageClock.measure(.controllers) { runLifecycle() }
    }

    private func runLifecycle() {
        while !pendingLifecycle.isEmpty {
            let queue = pendingLifecycle
            pendingLifecycle.removeAll()
            for (component, phase) in queue where component.isMounted {
                guard let controller = component.controller else { continue }
                do {
                    switch phase {
                    case .didMount: try controller.didMount()
                    default: try controller.didUpdateComponent()
                    }
                } catch {
                    report(component, phase, error)
                }
            }
        }
    }

    func markDirty(_ component: ComponentInstanceBase) {
        if !component.isDirty {
            component.isDirty = true
            dirtyCount += 1
            dirty.append(component)
        }
        scheduleFlush()
    }

    private func scheduleFlush() {
        guard !flushScheduled else { return }
        flushScheduled = true
        runLoop.enqueue { [weak self] in
            guard let self else { return }
            flushScheduled = false
            flush()
        }
    }

    /// Shared by every instance, cleared when the reconciler goes away: instances reach
    /// their reconciler through it without a weak reference each.
    let link = ReconcilerLink()

    deinit {
        // Handles on components may outlive the reconciler; leave them no dangling
        // references to it or to their parents. A controller, and a queued update, may
        // hold a handle on its component, which holds them: drop them, or the component
        // (and the subtree below it) would keep itself alive. Timers go too, so that a
        // run loop that outlives the reconciler neither runs them nor keeps their
        // components.
        link.reconciler = nil
        var stack: [Instance] = [root]
        while let instance = stack.popLast() {
            if let component = instance.asComponent {
                component.controller = nil
                component.dropPendingUpdates()
                component.cancelOwnedWork()
            }
            for child in instance.children {
                child.parent = nil
                child.hostParent = nil
                stack.append(child)
            }
        }
    }

    func register(_ component: ComponentInstanceBase) {
        component.link = link
        instances[component.id] = component
    }

    func unregister(_ component: ComponentInstanceBase) {
        instances[component.id] = nil
        if !rootContextConsumers.isEmpty { forgetRootContextConsumer(component.id) }
    }

    func report(_ instance: Instance, _ phase: LifecyclePhase, _ error: any Error) {
        let owner = instance.owningComponent
        let name = owner?.componentName ?? instance.element.typeName
        var enclosing: [String] = []
        var current = owner?.parent ?? instance.parent
        while let above = current {
            if let component = above.asComponent { enclosing.append(component.componentName) }
            current = above.parent
        }
        onError(
            ComponentError(
                component: name, path: instance.scopePath, phase: phase, underlying: error,
                enclosingComponents: enclosing))
    }

    func warn(_ message: String) {
        onWarning(Warning(message))
    }

    // MARK: Host operations

    func hostInsert(_ node: HostNode, into parent: HostNode?, before sibling: HostNode?) {
        hostChanged = true
        stageClock.measure(.host) { host.insert(node, into: parent, before: sibling) }
    }

    func hostMove(_ node: HostNode, in parent: HostNode?, before sibling: HostNode?) {
        hostChanged = true
        stageClock.measure(.host) { host.move(node, in: parent, before: sibling) }
    }

    func hostUpdate(_ node: HostNode, from oldProps: Record) {
        hostChanged = true
        hostUpdates &+= 1
        stageClock.measure(.host) { host.update(node, from: oldProps) }
    }

    /// Only `node`'s event handlers changed: the host refreshes what it keeps of them,
    /// and nothing is laid out or painted for it.
    func hostHandlersChanged(_ node: HostNode, from oldProps: Record) {
        stageClock.measure(.host) { host.updateHandlers(node, from: oldProps) }
    }

    func hostRemove(_ node: HostNode, from parent: HostNode?) {
        hostChanged = true
        stageClock.measure(.host) { host.remove(node, from: parent) }
    }
}

/// The one reference from instances to their reconciler, cleared in the reconciler's
/// `deinit`.
final class ReconcilerLink {
    unowned(unsafe) var reconciler: Reconciler?
}
