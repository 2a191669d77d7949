/// A deterministic run loop for tests and headless rendering: its clock moves only when
/// ``advance(by:)`` is called, and ``runUntilIdle()`` runs pending turns.
public final class ManualRunLoop: RunLoop {
    public private(set) var now: Duration = .zero
    private var work = PendingWork()

    /// The most turns ``runUntilIdle()`` runs before giving up, so that a component
    /// updating its own state on every render cannot hang the loop.
    public var turnLimit = 10_000

    /// The most timers one ``advance(by:stoppingWhen:)`` fires, so that a timer firing
    /// every millisecond cannot make a long advance last for hours.
    public var firingLimit = 1_000_000

    /// A loop whose clock starts at zero.
    public init() {}

    public func enqueue(_ work: @escaping () -> Void) {
        self.work.enqueue(work)
    }

    public func schedule(at deadline: Duration, _ work: @escaping () -> Void) -> TimerToken {
        self.work.schedule(at: deadline, work)
    }

    public func cancel(_ token: TimerToken) {
        work.cancel(token)
    }

    /// Whether work is waiting for the next turn.
    public var hasPendingTurns: Bool { work.hasTurns }

    /// The deadline of the earliest scheduled timer, if any.
    public var nextDeadline: Duration? { work.timers.earliestDeadline }

    /// Runs turns until no work is pending. Returns `false` if ``turnLimit`` turns ran,
    /// or `stop` said so after a turn (a host bounding the time a settle takes), and work
    /// was still pending (the rest stays queued).
    @discardableResult
    public func runUntilIdle(stoppingWhen stop: () -> Bool = { false }) -> Bool {
        var turns = 0
        while work.hasTurns {
            guard turns < turnLimit else { return false }
            turns += 1
            for item in work.takeTurn() { item() }
            if work.hasTurns && stop() { return false }
        }
        return true
    }

    /// Moves the clock forward by `duration`, firing due timers in deadline order (ties in
    /// the order they were scheduled) and running pending turns before and after each.
    /// Stops early, with the clock where the last timer fired, when `stop` says so after
    /// a timer (the app quit), or after ``firingLimit`` timers; returns whether it
    /// reached the end.
    @discardableResult
    public func advance(by duration: Duration, stoppingWhen stop: () -> Bool = { false }) -> Bool {
        runUntilIdle()
        let target = now + max(duration, .zero)
        var fired = 0
        while let (deadline, item) = work.timers.popDue(notAfter: target) {
            now = max(now, deadline)
            item()
            runUntilIdle()
            fired += 1
            if stop() || fired >= firingLimit { return false }
        }
        now = target
        return true
    }
}

/// The work a run loop holds: next-turn work and timers, with tokens for cancelling.
struct PendingWork {
    private var turnQueue: [() -> Void] = []
    var timers = TimerQueue()
    private var nextToken = 0

    var hasTurns: Bool { !turnQueue.isEmpty }

    mutating func enqueue(_ work: @escaping () -> Void) {
        turnQueue.append(work)
    }

    mutating func schedule(at deadline: Duration, _ work: @escaping () -> Void) -> TimerToken {
        nextToken += 1
        let token = TimerToken(rawValue: nextToken)
        timers.insert(deadline: deadline, token: token, work: work)
        return token
    }

    mutating func cancel(_ token: TimerToken) {
        timers.remove(token)
    }

    /// The token of the timer scheduled last: timers with later tokens were scheduled
    /// after a pass over due timers began.
    var lastToken: Int { nextToken }

    /// Takes the work of the current turn; work it enqueues goes to the next one.
    mutating func takeTurn() -> [() -> Void] {
        defer { turnQueue.removeAll(keepingCapacity: true) }
        return turnQueue
    }
}

/// Timers ordered by deadline, then by scheduling order: a binary min-heap.
struct TimerQueue {
    private struct Entry {
        let deadline: Duration
        let token: TimerToken
        let work: () -> Void

        func precedes(_ other: Entry) -> Bool {
            deadline != other.deadline ? deadline < other.deadline : token.rawValue < other.token.rawValue
        }
    }

    private var heap: [Entry] = []
    private var cancelled: Set<TimerToken> = []

    var earliestDeadline: Duration? {
        var copy = self
        copy.dropCancelled()
        return copy.heap.first?.deadline
    }

    mutating func insert(deadline: Duration, token: TimerToken, work: @escaping () -> Void) {
        heap.append(Entry(deadline: deadline, token: token, work: work))
        siftUp(heap.count - 1)
    }

    mutating func remove(_ token: TimerToken) {
        cancelled.insert(token)
    }

    /// Takes the earliest timer due by `limit`, if it was scheduled no later than the
    /// timer with token `lastToken` (those scheduled since wait for the next pass).
    mutating func popDue(notAfter limit: Duration, scheduledBy lastToken: Int = .max) -> (Duration, () -> Void)? {
        dropCancelled()
        guard let first = heap.first, first.deadline <= limit, first.token.rawValue <= lastToken else { return nil }
        popFirst()
        return (first.deadline, first.work)
    }

    private mutating func dropCancelled() {
        while let first = heap.first, cancelled.contains(first.token) {
            cancelled.remove(first.token)
            popFirst()
        }
    }

    private mutating func popFirst() {
        let last = heap.removeLast()
        guard !heap.isEmpty else { return }
        heap[0] = last
        siftDown(0)
    }

    private mutating func siftUp(_ start: Int) {
        var child = start
        while child > 0 {
            let parent = (child - 1) / 2
            guard heap[child].precedes(heap[parent]) else { return }
            heap.swapAt(child, parent)
            child = parent
        }
    }

    private mutating func siftDown(_ start: Int) {
        var parent = start
        while true {
            let left = 2 * parent + 1
            let right = left + 1
            var first = parent
            if left < heap.count && heap[left].precedes(heap[first]) { first = left }
            if right < heap.count && heap[right].precedes(heap[first]) { first = right }
            guard first != parent else { return }
            heap.swapAt(parent, first)
            parent = first
        }
    }
}
