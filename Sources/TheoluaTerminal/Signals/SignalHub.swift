#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif
import TheoluaLock

/// The process-wide owner of our signal handlers and of the "restore this terminal"
/// guard that the handlers and `atexit` use.
///
/// Handlers are installed while a terminal is armed or a watcher is attached, and the
/// previous actions put back when neither is. Signals that were ignored when we
/// started (e.g. SIGHUP under `nohup`) are left ignored.
enum SignalHub {
    /// The signals that are reported or end the process in order.
    static let reportedSignals: [Int32] = [SIGWINCH, SIGCONT, SIGINT, SIGTERM, SIGHUP]
    /// Signals after which the process dies: restore the terminal first.
    static let fatalSignals: [Int32] = [SIGQUIT, SIGABRT, SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGFPE]
    /// Signals that stop the process: restore the terminal first, and let SIGCONT's
    /// report bring the app back (see ``handleTerminalSignal(_:)``).
    static let stopSignals: [Int32] = [SIGTSTP]
    /// Every signal the handler is installed for.
    static let handledSignals = reportedSignals + stopSignals + fatalSignals

    private struct Registry {
        var armed = false
        var watcherAttached = false
        var installed: Set<Int32> = []
        var atExitRegistered = false
    }

    private static let registry = Locked(Registry())

    /// Arms the guard: from now until ``disarmAndRestore()``, a fatal signal, a
    /// termination signal or process exit restores this terminal first.
    static func arm(input: Int32, output: Int32, settings: termios, leave: [UInt8]) throws(TerminalError) {
        let state = SignalHandlerState.shared
        let error: TerminalError? = registry.withLock { registry in
            guard !registry.armed else { return .anotherTerminalIsInteractive }
            withOurSignalsBlocked {
                state.pointee.armedDescriptor.store(-1, ordering: .releasing)
                state.pointee.outputDescriptor = output
                state.pointee.savedSettings.pointee = settings
                let count = min(leave.count, SignalHandlerState.leaveCapacity)
                for index in 0..<count { state.pointee.leaveBytes[index] = leave[index] }
                state.pointee.leaveCount = count
                state.pointee.armedDescriptor.store(input, ordering: .releasing)
            }
            registry.armed = true
            if !registry.atExitRegistered {
                registry.atExitRegistered = true
                atexit { restoreTerminalAtExit() }
            }
            updateHandlers(&registry)
            return nil
        }
        if let error { throw error }
    }

    /// Restores the armed terminal, if any, and disarms the guard. Idempotent.
    static func disarmAndRestore() {
        registry.withLock { registry in
            withOurSignalsBlocked { restoreArmedTerminal(SignalHandlerState.shared) }
            registry.armed = false
            updateHandlers(&registry)
        }
    }

    /// Restores the armed terminal without touching the handlers or the watcher: for
    /// paths that are about to end the process, and for giving the terminal to the shell
    /// before a stop (``rearm(input:settings:)`` takes it back).
    static func restoreTerminal() {
        registry.withLock { _ in
            withOurSignalsBlocked { restoreArmedTerminal(SignalHandlerState.shared) }
        }
    }

    /// Arms the guard again, with `settings` to restore from now on, after a stop gave
    /// the terminal to the shell: ``restoreTerminal()`` and the SIGTSTP handler disarm it
    /// but leave the handlers and the watcher in place, so that no signal goes missing
    /// while the terminal is away. The descriptors and the leave sequence stay those
    /// given to ``arm(input:output:settings:leave:)``; a terminal still armed is restored
    /// first. Does nothing unless the guard is armed (``arm`` and no
    /// ``disarmAndRestore()`` since).
    static func rearm(input: Int32, settings: termios) {
        let state = SignalHandlerState.shared
        registry.withLock { registry in
            guard registry.armed else { return }
            withOurSignalsBlocked {
                restoreArmedTerminal(state)
                state.pointee.savedSettings.pointee = settings
                state.pointee.armedDescriptor.store(input, ordering: .releasing)
            }
        }
    }

    /// Whether the guard is armed: a terminal is interactive and no stop has given it
    /// back since.
    static var isArmed: Bool {
        SignalHandlerState.shared.pointee.armedDescriptor.load(ordering: .acquiring) >= 0
    }

    /// Runs `body` with the stop signal held on this thread: a SIGTSTP that comes
    /// meanwhile waits, pending, and is handled as `body` returns.
    ///
    /// For the steps that take the terminal, which a stop must not cut in two: its
    /// handler restores the terminal and disarms the guard, so a stop between arming the
    /// guard and entering raw mode would leave raw mode entered with nothing armed to undo
    /// it, and the settings saved next would be raw ones. A process-directed SIGTSTP then
    /// waits for this thread, since our one other thread (``BusyWatchdog``'s) holds it for
    /// good (a host's own threads that do not block it may still take it). Other signals
    /// are not held: they only report, or end the process after a restore, which is right
    /// at any point.
    static func holdingStops<Result, Failure: Error>(_ body: () throws(Failure) -> Result) throws(Failure)
        -> Result
    {
        var stops = stopSignalSet()
        var previous = sigset_t()
        pthread_sigmask(SIG_BLOCK, &stops, &previous)
        // Unblocks only what was not blocked before, leaving any other change `body`
        // makes to the mask (the reported signals unblocked by updateHandlers).
        var release = sigset_t()
        sigemptyset(&release)
        for number in stopSignals where sigismember(&previous, number) == 0 { sigaddset(&release, number) }
        defer { pthread_sigmask(SIG_UNBLOCK, &release, nil) }
        return try body()
    }

    /// Runs `body` with SIGINT and SIGQUIT ignored, their actions put back after it:
    /// while a program has the terminal, its interrupt and quit keys are its own.
    static func ignoringInterrupts<Result>(_ body: () -> Result) -> Result {
        var ignore = sigaction()
        ignore.handler = SIG_IGN
        var interrupt = sigaction()
        var quit = sigaction()
        sigaction(SIGINT, &ignore, &interrupt)
        sigaction(SIGQUIT, &ignore, &quit)
        defer {
            sigaction(SIGINT, &interrupt, nil)
            sigaction(SIGQUIT, &quit, nil)
        }
        return body()
    }

    /// Whether a termination signal (SIGINT, SIGTERM, SIGHUP) has been reported for the
    /// app to handle: a program that has the terminal is hung up on.
    static var terminationReported: Bool {
        SignalHandlerState.shared.pointee.terminationReported.load(ordering: .acquiring)
    }

    /// The signals that stop the process, as a set.
    static func stopSignalSet() -> sigset_t {
        var set = sigset_t()
        sigemptyset(&set)
        for number in stopSignals { sigaddset(&set, number) }
        return set
    }

    /// Sends our signals to `wakeDescriptor` from now on.
    static func attachWatcher(wakeDescriptor: Int32, reportsTermination: Bool) throws(TerminalError) {
        let state = SignalHandlerState.shared
        let error: TerminalError? = registry.withLock { registry in
            guard !registry.watcherAttached else { return .signalWatcherAlreadyActive }
            withOurSignalsBlocked {
                state.pointee.reportsTermination.store(reportsTermination, ordering: .releasing)
                state.pointee.terminationReported.store(false, ordering: .releasing)
                state.pointee.wakeDescriptor.store(wakeDescriptor, ordering: .releasing)
            }
            registry.watcherAttached = true
            updateHandlers(&registry)
            return nil
        }
        if let error { throw error }
    }

    /// Sends reported termination signals to `descriptor` too (the busy watchdog's
    /// pipe), or to nothing more with -1.
    static func setWatchdog(_ descriptor: Int32) {
        registry.withLock { _ in
            withOurSignalsBlocked {
                SignalHandlerState.shared.pointee.watchdogDescriptor.store(descriptor, ordering: .releasing)
            }
        }
    }

    /// Stops sending signals to the watcher's pipe.
    static func detachWatcher() {
        let state = SignalHandlerState.shared
        registry.withLock { registry in
            withOurSignalsBlocked {
                state.pointee.wakeDescriptor.store(-1, ordering: .releasing)
                state.pointee.reportsTermination.store(false, ordering: .releasing)
            }
            registry.watcherAttached = false
            updateHandlers(&registry)
        }
    }

    /// Installs or removes the handlers to match what is armed and attached.
    private static func updateHandlers(_ registry: inout Registry) {
        let wanted = registry.armed || registry.watcherAttached
        let state = SignalHandlerState.shared
        for number in handledSignals {
            let slot = state.pointee.previousActions + Int(number)
            if wanted && !registry.installed.contains(number) {
                var current = sigaction()
                sigaction(number, nil, &current)
                if handlerAddress(current) == ignoredAddress { continue }
                slot.pointee = current
                var ours = ourAction()
                sigaction(number, &ours, nil)
                registry.installed.insert(number)
            } else if !wanted && registry.installed.contains(number) {
                sigaction(number, slot, nil)
                registry.installed.remove(number)
            }
        }
        if wanted {
            // A parent may have spawned us with these blocked, and the mask is
            // inherited: unblock them, or resizes and SIGTERM would never arrive.
            var reported = sigset_t()
            sigemptyset(&reported)
            for number in reportedSignals { sigaddset(&reported, number) }
            pthread_sigmask(SIG_UNBLOCK, &reported, nil)
        }
    }

    /// Runs `body` with our signals blocked on this thread, so our own handler cannot
    /// interrupt a half-done update of the shared state.
    private static func withOurSignalsBlocked<Result>(_ body: () -> Result) -> Result {
        var blocked = ourSignalSet()
        var previous = sigset_t()
        pthread_sigmask(SIG_BLOCK, &blocked, &previous)
        defer { pthread_sigmask(SIG_SETMASK, &previous, nil) }
        return body()
    }

    private static func ourSignalSet() -> sigset_t {
        var set = sigset_t()
        sigemptyset(&set)
        for number in handledSignals { sigaddset(&set, number) }
        return set
    }

    /// Our handler, with all our signals blocked while it runs and SA_RESTART so that
    /// blocking calls elsewhere in the process are not interrupted needlessly.
    private static func ourAction() -> sigaction {
        var action = sigaction()
        action.handler = handleTerminalSignal
        action.sa_mask = ourSignalSet()
        action.sa_flags = SA_RESTART
        return action
    }

    private static func handlerAddress(_ action: sigaction) -> UnsafeRawPointer? {
        unsafeBitCast(action.handler, to: UnsafeRawPointer?.self)
    }

    /// The address of `SIG_IGN`, which marks a signal the process ignores.
    private static var ignoredAddress: UnsafeRawPointer? {
        var action = sigaction()
        action.handler = SIG_IGN
        return handlerAddress(action)
    }
}

extension sigaction {
    /// The handler, a field each platform's headers name differently.
    var handler: (@convention(c) (Int32) -> Void)? {
        get {
            #if canImport(Darwin)
                __sigaction_u.__sa_handler
            #else
                __sigaction_handler.sa_handler
            #endif
        }
        set {
            #if canImport(Darwin)
                __sigaction_u.__sa_handler = newValue
            #else
                __sigaction_handler.sa_handler = newValue
            #endif
        }
    }
}
