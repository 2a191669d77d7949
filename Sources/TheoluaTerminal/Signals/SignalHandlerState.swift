import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Everything the signal handler reads, kept in memory that is allocated once and
/// never freed, so the handler touches no Swift runtime machinery (no retain, no lazy
/// initialisation, no locks): only loads, stores and async-signal-safe calls.
///
/// Normal code changes it only through ``SignalHub``, under its lock and with our
/// signals blocked on the calling thread. The handler may run on any thread, so what it
/// reads while another thread writes is atomic: the descriptors and flags. The restore
/// data (output, settings, leave sequence) is written while `armedDescriptor` is -1 and
/// published by storing the descriptor with release ordering; whoever restores takes
/// the descriptor with one exchange, so a restore happens once.
struct SignalHandlerState: ~Copyable {
    /// Write end of the active watcher's self-pipe, or -1.
    let wakeDescriptor = Atomic<Int32>(-1)
    /// Whether SIGINT/SIGTERM/SIGHUP are reported through the pipe (once) rather than
    /// ending the process at once.
    let reportsTermination = Atomic<Bool>(false)
    /// Set when a termination signal was reported; a second one ends the process.
    let terminationReported = Atomic<Bool>(false)
    /// Write end of the busy watchdog's pipe (see ``BusyWatchdog``), or -1: reported
    /// termination signals are written there too.
    let watchdogDescriptor = Atomic<Int32>(-1)
    /// The terminal whose settings to restore (its input descriptor), or -1 when
    /// nothing is armed. Stored last when arming and taken first when restoring.
    let armedDescriptor = Atomic<Int32>(-1)
    /// Where to write `leaveBytes` when restoring.
    var outputDescriptor: Int32 = -1
    /// The terminal settings saved before raw mode, in memory of their own: the handler
    /// passes the pointer to `tcsetattr` and never takes the address of a field of this
    /// state (which would be a write access to all of it, racing the atomic loads of
    /// another thread's handler).
    let savedSettings: UnsafeMutablePointer<termios>
    /// The sequence that leaves the interactive modes.
    var leaveBytes: UnsafeMutablePointer<UInt8>
    /// How many bytes of `leaveBytes` are in use.
    var leaveCount: Int = 0
    /// A C function to call before the process dies of a signal (its bit pattern), or 0.
    let fatalHook = Atomic<UInt>(0)
    /// The actions that were installed before ours, indexed by signal number.
    var previousActions: UnsafeMutablePointer<sigaction>

    /// Room for the leave sequence; ``InteractiveModes/leaveSequence`` is far shorter.
    static let leaveCapacity = 128
    /// Room for one saved action per signal number.
    static let actionCapacity = 65

    /// The one instance, created before any handler is installed (``SignalHub`` reads
    /// it first) and never freed.
    nonisolated(unsafe) static let shared: UnsafeMutablePointer<SignalHandlerState> = {
        let actions = UnsafeMutablePointer<sigaction>.allocate(capacity: actionCapacity)
        actions.initialize(repeating: sigaction(), count: actionCapacity)
        let leave = UnsafeMutablePointer<UInt8>.allocate(capacity: leaveCapacity)
        leave.initialize(repeating: 0, count: leaveCapacity)
        let settings = UnsafeMutablePointer<termios>.allocate(capacity: 1)
        settings.initialize(to: termios())
        let state = UnsafeMutablePointer<SignalHandlerState>.allocate(capacity: 1)
        state.initialize(
            to: SignalHandlerState(savedSettings: settings, leaveBytes: leave, previousActions: actions))
        return state
    }()
}

/// Restores the armed terminal, if any, then disarms it: writes the leave sequence
/// and puts back the saved settings. Async-signal-safe; restoring twice is harmless.
func restoreArmedTerminal(_ state: UnsafeMutablePointer<SignalHandlerState>) {
    let descriptor = state.pointee.armedDescriptor.exchange(-1, ordering: .acquiringAndReleasing)
    guard descriptor >= 0 else { return }
    var next = UnsafeRawPointer(state.pointee.leaveBytes)
    var remaining = state.pointee.leaveCount
    while remaining > 0 {
        let written = write(state.pointee.outputDescriptor, next, remaining)
        if written > 0 {
            next += written
            remaining -= written
        } else if written < 0 && errno == EINTR {
            continue
        } else {
            break
        }
    }
    tcsetattr(descriptor, TCSADRAIN, state.pointee.savedSettings)
}

/// Calls the hook set with ``TerminalSignals/onFatalSignal(_:)``, if any.
/// Async-signal-safe as long as the hook is.
func runFatalHook(_ state: UnsafeMutablePointer<SignalHandlerState>) {
    let hook = state.pointee.fatalHook.load(ordering: .acquiring)
    if hook != 0, let function = unsafeBitCast(hook, to: (@convention(c) () -> Void)?.self) { function() }
}

/// The handler installed for every signal in ``SignalHub/handledSignals``.
///
/// Resize and resume are written to the self-pipe. The first termination signal is
/// written to the pipe when reporting is on, so the app can shut down in order; any
/// other (or a second termination, or a crash) restores the terminal, reinstalls the
/// previous action and raises the signal again, so the process ends as it would have
/// without us, with the right exit status.
func handleTerminalSignal(_ number: Int32) {
    let savedErrno = errno
    defer { errno = savedErrno }
    let state = SignalHandlerState.shared
    let wake = state.pointee.wakeDescriptor.load(ordering: .acquiring)
    switch number {
    case SIGWINCH, SIGCONT:
        if wake >= 0 { wakeUp(wake, number) }
        return
    case SIGINT, SIGTERM, SIGHUP:
        if wake >= 0 && state.pointee.reportsTermination.load(ordering: .acquiring)
            && !state.pointee.terminationReported.exchange(true, ordering: .acquiringAndReleasing)
        {
            wakeUp(wake, number)
            let watchdog = state.pointee.watchdogDescriptor.load(ordering: .acquiring)
            if watchdog >= 0 { wakeUp(watchdog, number) }
            return
        }
    case SIGTSTP:
        stopRestoringTheTerminal(state)
        return
    default:
        break
    }
    restoreArmedTerminal(state)
    runFatalHook(state)
    if number >= 0 && number < Int32(SignalHandlerState.actionCapacity) {
        sigaction(number, state.pointee.previousActions + Int(number), nil)
    } else {
        signal(number, SIG_DFL)
    }
    raise(number)
}

/// SIGTSTP (a shell's `kill -TSTP`, or ctrl+z while the terminal's signal keys are on):
/// restores the terminal, so that the shell gets it back as it was, then stops the
/// process as SIGTSTP would. Once continued, our action is back in place, and the
/// SIGCONT report lets the app enter interactive mode again and repaint.
private func stopRestoringTheTerminal(_ state: UnsafeMutablePointer<SignalHandlerState>) {
    restoreArmedTerminal(state)
    var ours = sigaction()
    var stopping = sigaction()
    stopping.handler = SIG_DFL
    sigaction(SIGTSTP, &stopping, &ours)
    var set = sigset_t()
    sigemptyset(&set)
    sigaddset(&set, SIGTSTP)
    pthread_sigmask(SIG_UNBLOCK, &set, nil)
    raise(SIGTSTP)  // stops here until continued
    sigaction(SIGTSTP, &ours, nil)
    // An orphaned process group (a session leader, say) is not stopped by SIGTSTP and
    // gets no SIGCONT: report a resume anyway, so the app takes the terminal back. After
    // a real stop this is a second resume, which is harmless.
    let wake = state.pointee.wakeDescriptor.load(ordering: .acquiring)
    if wake >= 0 { wakeUp(wake, SIGCONT) }
}

/// Writes the signal number as one byte to the self-pipe; if the pipe is full the
/// byte is dropped, which is fine: the reader is already due to wake up.
func wakeUp(_ descriptor: Int32, _ number: Int32) {
    var byte = UInt8(truncatingIfNeeded: number)
    _ = write(descriptor, &byte, 1)
}

/// The `atexit` hook: restores the terminal when the process exits normally
/// without having left interactive mode (e.g. `exit()` called deep in the app).
func restoreTerminalAtExit() {
    restoreArmedTerminal(SignalHandlerState.shared)
}

/// What to do when the process is about to die of a signal, while a terminal is armed
/// or a signal watcher attached.
public enum TerminalSignals {
    /// Sets a C function (async-signal-safe: it runs in the signal handler) to call
    /// after the terminal is restored and before the process dies of a signal: a
    /// crash, or a termination signal the app does not handle. `nil` removes it.
    public static func onFatalSignal(_ hook: (@convention(c) () -> Void)?) {
        SignalHandlerState.shared.pointee.fatalHook.store(
            unsafeBitCast(hook, to: UInt.self), ordering: .releasing)
    }
}
