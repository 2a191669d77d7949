#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Keeps the ways out of a full-screen app working while the app is busy and not
/// reading the terminal: a script call that runs long, say.
///
/// In raw mode ctrl+c is a byte the app reads when it next waits, and a termination
/// signal is reported for the app to handle in order; neither works while the app is
/// stuck. A thread of its own watches how long the app has been busy (since it last
/// returned from waiting on the terminal). Past ``signalKeysAfter``, it turns the
/// terminal's signal keys on (ctrl+c sends SIGINT, ctrl+z SIGTSTP, ctrl+\ SIGQUIT), and
/// turns them off again as the app goes back to waiting. A termination signal the app
/// has not handled ``endAfter`` after it came, while the app is still busy, restores the
/// terminal and ends the process as that signal would.
final class BusyWatchdog: @unchecked Sendable {
    // @unchecked: every mutable field is behind `lock`; `thread` is written once, before
    // the thread can read anything.

    /// How long the app may be busy before the terminal's signal keys work.
    static let signalKeysAfter = Duration.seconds(1)
    /// How long a reported termination signal waits for a busy app before it ends it.
    static let endAfter = Duration.seconds(1)
    /// How often the watchdog looks.
    static let interval = Duration.milliseconds(100)

    private struct State {
        /// When the app last stopped waiting on the terminal; nil while it waits.
        var busySince: ContinuousClock.Instant?
        /// Whether the signal keys are on now.
        var signalKeysOn = false
        /// When the watchdog first saw a reported termination signal.
        var terminationSeen: ContinuousClock.Instant?
        var stopped = false
    }

    private let input: Int32
    private let lock = Locked(State())
    private var thread: pthread_t?

    private init(input: Int32) {
        self.input = input
    }

    /// Starts watching the app on the terminal whose input is `input`, busy from now.
    static func start(input: Int32) -> BusyWatchdog {
        let watchdog = BusyWatchdog(input: input)
        watchdog.lock.withLock { $0.busySince = .now }
        let context = Unmanaged.passRetained(watchdog).toOpaque()
        var thread = pthread_t()
        let created = pthread_create(
            &thread, nil,
            { context in
                guard let context else { return nil }
                let watchdog = Unmanaged<BusyWatchdog>.fromOpaque(context).takeRetainedValue()
                watchdog.watch()
                return nil
            }, context)
        if created == 0 {
            watchdog.thread = thread
        } else {
            Unmanaged<BusyWatchdog>.fromOpaque(context).release()
        }
        return watchdog
    }

    /// The app waits on the terminal now: the signal keys go back off before it reads.
    func waiting() {
        lock.withLock { state in
            state.busySince = nil
            if state.signalKeysOn {
                state.signalKeysOn = false
                setSignalKeys(false)
            }
        }
    }

    /// The app stopped waiting and runs its own work now.
    func busy() {
        lock.withLock { $0.busySince = .now }
    }

    /// Stops the thread and turns the signal keys off; waits for the thread to end.
    func stop() {
        waiting()
        lock.withLock { $0.stopped = true }
        if let thread { pthread_join(thread, nil) }
    }

    private func watch() {
        while true {
            var pause = timespec(tv_sec: 0, tv_nsec: Int(BusyWatchdog.interval.components.attoseconds / 1_000_000_000))
            var left = timespec()
            while nanosleep(&pause, &left) != 0 && errno == EINTR { pause = left }
            let done = lock.withLock { state -> Bool in
                if state.stopped { return true }
                check(&state)
                return false
            }
            if done { return }
        }
    }

    private func check(_ state: inout State) {
        let handler = SignalHandlerState.shared
        guard let since = state.busySince else {
            state.terminationSeen = nil
            return
        }
        let now = ContinuousClock.now
        if !state.signalKeysOn && now - since >= BusyWatchdog.signalKeysAfter {
            state.signalKeysOn = true
            setSignalKeys(true)
        }
        guard handler.pointee.terminationReported != 0 else { return }
        let seen = state.terminationSeen ?? now
        state.terminationSeen = seen
        if now - seen >= BusyWatchdog.endAfter && now - since >= BusyWatchdog.endAfter {
            let number = handler.pointee.terminationSignal
            restoreArmedTerminal(handler)
            signal(number, SIG_DFL)
            kill(getpid(), number)
        }
    }

    /// Turns the terminal's signal keys (ISIG) on or off, leaving the rest of raw mode;
    /// a terminal no longer in raw mode (restored for a stop, say) is left alone.
    private func setSignalKeys(_ on: Bool) {
        var settings = termios()
        guard tcgetattr(input, &settings) == 0, settings.c_lflag & tcflag_t(ICANON) == 0 else { return }
        if on {
            settings.c_lflag |= tcflag_t(ISIG)
        } else {
            settings.c_lflag &= ~tcflag_t(ISIG)
        }
        while tcsetattr(input, TCSANOW, &settings) != 0 && errno == EINTR {}
    }
}
