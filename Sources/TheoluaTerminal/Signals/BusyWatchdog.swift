#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif
import TheoluaLock

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
        /// The termination signal reported while the app was busy, and when.
        var termination: (signal: Int32, at: ContinuousClock.Instant)?
        var stopped = false
    }

    private let input: Int32
    /// The pipe the signal handler writes reported termination signals to: reading it
    /// is how this thread learns of them, ordered after the handler's writes.
    private let pipe: (read: Int32, write: Int32)?
    private let lock = Locked(State())
    private var thread: pthread_t?

    private init(input: Int32) {
        self.input = input
        pipe = try? POSIX.makePipe()
    }

    /// Starts watching the app on the terminal whose input is `input`, busy from now.
    static func start(input: Int32) -> BusyWatchdog {
        let watchdog = BusyWatchdog(input: input)
        if let pipe = watchdog.pipe { SignalHub.setWatchdog(pipe.write) }
        watchdog.lock.withLock { $0.busySince = .now }
        let context = Unmanaged.passRetained(watchdog).toOpaque()
        // The thread starts with SIGTSTP blocked, and keeps it so: the stop's handler then
        // runs on the app's thread, where holding it keeps a stop from cutting the
        // terminal's entry in two (SignalHub.holdingStops).
        var stops = SignalHub.stopSignalSet()
        var previousMask = sigset_t()
        pthread_sigmask(SIG_BLOCK, &stops, &previousMask)
        defer { pthread_sigmask(SIG_SETMASK, &previousMask, nil) }
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

    /// Stops the thread and turns the signal keys off; waits for the thread to end,
    /// which a byte of 0 on its pipe wakes at once.
    func stop() {
        waiting()
        lock.withLock { $0.stopped = true }
        if let pipe {
            var wake: UInt8 = 0
            _ = write(pipe.write, &wake, 1)
        }
        if let thread { pthread_join(thread, nil) }
        if let pipe {
            SignalHub.setWatchdog(-1)
            close(pipe.read)
            close(pipe.write)
        }
    }

    private func watch() {
        let milliseconds = Int32(BusyWatchdog.interval.components.attoseconds / 1_000_000_000_000_000)
        while true {
            var signalled: Int32 = 0
            if let pipe {
                var entry = pollfd(fd: pipe.read, events: Int16(POLLIN), revents: 0)
                if poll(&entry, 1, milliseconds) > 0, let bytes = try? POSIX.readAvailable(pipe.read, limit: 16),
                    let last = bytes.last(where: { $0 != 0 })  // 0 only wakes it to stop
                {
                    signalled = Int32(last)
                }
            } else {
                usleep(useconds_t(milliseconds) * 1000)
            }
            let done = lock.withLock { state -> Bool in
                if state.stopped { return true }
                if signalled != 0 && state.termination == nil { state.termination = (signalled, .now) }
                check(&state)
                return false
            }
            if done { return }
        }
    }

    private func check(_ state: inout State) {
        guard let since = state.busySince else {
            // The app is reading the terminal: it handles the signal itself.
            state.termination = nil
            return
        }
        let now = ContinuousClock.now
        if !state.signalKeysOn && now - since >= BusyWatchdog.signalKeysAfter {
            state.signalKeysOn = true
            setSignalKeys(true)
        }
        if let (number, seen) = state.termination, now - seen >= BusyWatchdog.endAfter {
            restoreArmedTerminal(SignalHandlerState.shared)
            runFatalHook(SignalHandlerState.shared)
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
