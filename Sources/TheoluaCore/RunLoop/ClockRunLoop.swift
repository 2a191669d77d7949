/// A run loop on the real, monotonic clock, for interactive hosts: the host calls
/// ``runDueWork()`` whenever it wakes (on input, a signal or ``nextDeadline``) and
/// sleeps in between. Nothing here blocks or reads input; the host's event loop does.
public final class ClockRunLoop: RunLoop {
    private let origin = ContinuousClock.now
    private var work = PendingWork()

    /// A loop whose clock starts now.
    public init() {}

    public var now: Duration { ContinuousClock.now - origin }

    public func enqueue(_ work: @escaping () -> Void) {
        self.work.enqueue(work)
    }

    public func schedule(at deadline: Duration, _ work: @escaping () -> Void) -> TimerToken {
        self.work.schedule(at: deadline, work)
    }

    public func cancel(_ token: TimerToken) {
        work.cancel(token)
    }

    /// How long one ``runDueWork(turnLimit:stoppingWhen:)`` runs turns before it gives
    /// way to input.
    public static let turnTime = Duration.milliseconds(100)

    /// When the earliest timer is due, on the continuous clock; `nil` with no timers.
    public var nextDeadline: ContinuousClock.Instant? {
        work.timers.earliestDeadline.map { origin + $0 }
    }

    /// Whether work is waiting for the next turn.
    public var hasPendingTurns: Bool { work.hasTurns }

    /// Runs pending turns, then every timer due by now in deadline order (with the turns
    /// each one causes). At most `turnLimit` turns run per call, and only timers
    /// scheduled before the call, so that neither a component that updates its own state
    /// on every render nor a timer that re-arms itself at once can starve input. Stops
    /// after a timer when `stop` says so (the app quit).
    public func runDueWork(turnLimit: Int = 1_000, stoppingWhen stop: () -> Bool = { false }) {
        var turns = 0
        // Turns that take long (renders near their budget) give way to input after a
        // while; the rest run on the next call.
        let deadline = ContinuousClock.now + Self.turnTime
        func runTurns() {
            while work.hasTurns && turns < turnLimit && (turns == 0 || ContinuousClock.now < deadline) {
                turns += 1
                for item in work.takeTurn() { item() }
            }
        }
        runTurns()
        let lastToken = work.lastToken
        while !stop(), let (_, item) = work.timers.popDue(notAfter: now, scheduledBy: lastToken) {
            item()
            runTurns()
        }
    }
}
