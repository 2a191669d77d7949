import Testing
import TheoluaCore

/// What a reconciler leaves behind when it goes away with components still mounted, as
/// a host that drops its runtime does: nothing of its tree may stay alive, and nothing
/// may keep running on a run loop that outlives it.
@Suite struct TeardownTests {
    @Test func droppingAReconcilerWithMountedControllersReleasesItsTree() {
        weak var log: Log?
        do {
            let f = Fixture()
            log = f.log
            #expect(f.render(Pair(showSecond: true, log: f.logRef).element()).contains("didMount inner state 0"))
        }
        // Each Clock's props hold the log; a component instance kept alive by its
        // controller (which holds a handle on the instance) would keep it too.
        #expect(log == nil)
    }

    @Test func droppingAReconcilerStopsItsComponentsTimers() {
        let loop = ManualRunLoop()
        weak var log: Log?
        do {
            let shared = Log()
            log = shared
            let reconciler = Reconciler(host: RecordingHost(), runLoop: loop)
            reconciler.update(root: Clock(label: "c", log: LogRef(log: shared)).element())
            guard let id = shared.ids["c"] else {
                Issue.record("the clock did not render")
                return
            }
            reconciler.dispatch(action: "startTimer", to: id)
            #expect(loop.nextDeadline != nil)
        }
        #expect(loop.nextDeadline == nil)
        #expect(log == nil)
    }

    @Test func droppingAReconcilerWithUpdatesStillQueuedReleasesItsTree() {
        weak var log: Log?
        do {
            let f = Fixture()
            log = f.log
            f.render(Restless(log: f.logRef).element())
            guard let id = f.rowIDs["restless"] else {
                Issue.record("the component did not render")
                return
            }
            // Queued, never applied: the update holds a handle on its component.
            f.reconciler.dispatch(action: "queue", to: id)
        }
        #expect(log == nil)
    }
}

/// A component whose state update holds a handle on the component itself, as a Lua
/// updater does (it reaches `self` through the handle).
private struct Restless: Component {
    var log: LogRef
    static func initialState(_ props: Restless) -> Int { 0 }

    func render(_ context: ComponentContext<Restless>) -> [Element] {
        log.log.ids["restless"] = context.id
        return [.text("\(context.state)")]
    }

    func perform(_ action: String, _ arguments: [Value], _ context: ComponentContext<Restless>) throws -> Bool {
        context.updateState { [context] state in state + (context.isMounted ? 1 : 0) }
        return true
    }
}
