/// A run loop on the real, monotonic clock, for interactive hosts: the host calls
/// ``runDueWork()`` whenever it wakes (on input, a signal or ``nextDeadline``) and
/// sleeps in between. Nothing here blocks or reads input; the host's event loop does.
public final class ClockRunLoop: RunLoop {
    private let origin = ContinuousClock.now
    private var turnQueue: [() -> Void] = []
    private var timers = TimerQueue()
    private var nextToken = 0

    /// A loop whose clock starts now.
    public init() {}

    public var now: Duration { ContinuousClock.now - origin }

    public func enqueue(_ work: @escaping () -> Void) {
        turnQueue.append(work)
    }

    public func schedule(at deadline: Duration, _ work: @escaping () -> Void) -> TimerToken {
        nextToken += 1
        let token = TimerToken(rawValue: nextToken)
        timers.insert(deadline: deadline, token: token, work: work)
        return token
    }

    public func cancel(_ token: TimerToken) {
        timers.remove(token)
    }

    /// When the earliest timer is due, on the continuous clock; `nil` with no timers.
    public var nextDeadline: ContinuousClock.Instant? {
        timers.earliestDeadline.map { origin + $0 }
    }

    /// Whether work is waiting for the next turn.
    public var hasPendingTurns: Bool { !turnQueue.isEmpty }

    /// Runs pending turns, then every timer due by now in deadline order (with the turns
    /// each one causes). At most `turnLimit` turns run per call, so a component that
    /// updates its own state on every render cannot starve input.
    public func runDueWork(turnLimit: Int = 1_000) {
        var turns = 0
        func runTurns() {
            while !turnQueue.isEmpty && turns < turnLimit {
                turns += 1
                let turn = turnQueue
                turnQueue.removeAll(keepingCapacity: true)
                for work in turn { work() }
            }
        }
        runTurns()
        while let (_, work) = timers.popDue(notAfter: now) {
            work()
            runTurns()
        }
    }
}
