/// The scheduler the core runs on: "next turn" work and timers.
///
/// The core never reads a clock or sleeps; it asks its run loop. A terminal host drives
/// a real loop that waits on input and deadlines; tests and headless rendering use
/// ``ManualRunLoop``, whose clock moves only when told to.
public protocol RunLoop: AnyObject {
    /// The time elapsed on this loop's clock since its origin.
    var now: Duration { get }

    /// Runs `work` at the next turn: after the work that is running now has returned,
    /// before the loop waits for input or time. Work enqueued during a turn runs in a
    /// later turn.
    func enqueue(_ work: @escaping () -> Void)

    /// Runs `work` once the clock reaches `deadline`, and never in the pass over due
    /// timers that is running now: a timer that schedules itself again at once waits for
    /// the next turn. Work due at the same deadline runs in the order it was scheduled.
    func schedule(at deadline: Duration, _ work: @escaping () -> Void) -> TimerToken

    /// Cancels scheduled work that has not run yet; cancelling twice is harmless.
    func cancel(_ token: TimerToken)
}

/// Identifies one piece of scheduled work on a run loop.
public struct TimerToken: Hashable, Sendable {
    /// A number unique within its run loop.
    public let rawValue: Int

    /// A token with `rawValue`.
    public init(rawValue: Int) { self.rawValue = rawValue }
}

/// The least delay of a timer: a timer asked for sooner is due this long after it was
/// scheduled, so that a timer that re-arms itself with no delay lets time move on (on
/// a manual clock, a thousand times a virtual second).
public let minimumTimerDelay = Duration.milliseconds(1)

/// A one-shot or repeating timer on a run loop, cancellable once started.
public final class TimerHandle {
    private weak var runLoop: (any RunLoop)?
    private var token: TimerToken?
    private let interval: Duration?
    private var work: (() -> Void)?
    /// Called once when the timer stops for good: fired (one-shot) or cancelled.
    var onFinish: ((TimerHandle) -> Void)?

    /// Starts a timer on `runLoop` that runs `work` after `delay`, and then every
    /// `delay` again when `repeating` (measured from each deadline, so it does not drift).
    public init(on runLoop: any RunLoop, delay: Duration, repeating: Bool, _ work: @escaping () -> Void) {
        self.runLoop = runLoop
        self.interval = repeating ? max(delay, minimumTimerDelay) : nil
        self.work = work
        arm(at: runLoop.now + max(delay, minimumTimerDelay))
    }

    /// Whether the timer will still fire.
    public var isActive: Bool { token != nil }

    /// Stops the timer; it will not fire again. Cancelling twice is harmless.
    public func cancel() {
        guard let token else { return }
        runLoop?.cancel(token)
        finish()
    }

    private func arm(at deadline: Duration) {
        // The loop keeps the timer alive until it fires or is cancelled, so a timer
        // nobody holds on to still fires, as `ui.after` promises.
        token = runLoop?.schedule(at: deadline) { self.fire(deadline: deadline) }
    }

    private func fire(deadline: Duration) {
        guard token != nil, let work else { return }
        if let interval {
            arm(at: deadline + interval)
            work()
        } else {
            finish()
            work()
        }
    }

    private func finish() {
        token = nil
        work = nil
        let onFinish = onFinish
        self.onFinish = nil
        onFinish?(self)
    }
}

/// Work that runs on after the call that started it, owned by a component and
/// cancelled when it unmounts: a process, a watch. (Timers are kept apart, as
/// ``TimerHandle``s.)
public protocol OwnedWork: AnyObject {
    /// Whether the work still runs.
    var isActive: Bool { get }
    /// Stops the work; cancelling twice is harmless.
    func cancel()
}

extension TimerHandle: OwnedWork {}
