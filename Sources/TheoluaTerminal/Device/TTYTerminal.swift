#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A real terminal, reached through file descriptors.
///
/// ```swift
/// let terminal = try TTYTerminal.standardStreams()
/// try terminal.enterInteractiveMode(.fullScreen)
/// defer { terminal.leaveInteractiveMode() }
/// ```
///
/// While interactive, the settings saved on entering are restored on every exit path:
/// ``leaveInteractiveMode()``, deinit, `exit()` (an `atexit` guard), SIGINT, SIGTERM,
/// SIGHUP and crashes (the signal's previous action then runs, so the exit status is
/// right), and SIGTSTP (restored, then stopped; SIGCONT is reported so the app can take
/// the terminal again with ``resumeInteractiveMode(_:)``, which keeps the signal
/// watcher, so nothing reported meanwhile is lost). SIGWINCH, SIGCONT and the first
/// SIGINT/SIGTERM/SIGHUP are reported by ``wait(until:)`` so the app can repaint or shut
/// down in order. While the app is busy for more than a second between waits, the
/// terminal's signal keys work and a termination signal it leaves unhandled ends it (see
/// ``BusyWatchdog``).
public final class TTYTerminal: TerminalDevice {
    /// The descriptor keys are read from; raw mode is set on it.
    public let inputDescriptor: Int32
    /// The descriptor frames are written to.
    public let outputDescriptor: Int32
    /// Whether termination signals are reported (true) or end the process at once.
    public let reportsTermination: Bool
    private let closesDescriptors: Bool
    private var watcher: SignalWatcher?
    private var watchdog: BusyWatchdog?
    /// Whether this terminal armed the process-wide restore guard.
    public private(set) var isInteractive = false

    /// Wraps existing descriptors; `closesDescriptors` hands their ownership over.
    ///
    /// - Parameter reportsTermination: see ``SignalWatcher/start(reportsTermination:)``.
    public init(
        input: Int32, output: Int32, closesDescriptors: Bool = false, reportsTermination: Bool = true
    ) {
        inputDescriptor = input
        outputDescriptor = output
        self.closesDescriptors = closesDescriptors
        self.reportsTermination = reportsTermination
    }

    /// The terminal on standard input and standard output.
    ///
    /// - Throws: ``TerminalError/notATerminal(descriptor:)`` if either is redirected.
    public static func standardStreams(reportsTermination: Bool = true) throws(TerminalError) -> TTYTerminal {
        for descriptor in [STDIN_FILENO, STDOUT_FILENO] where isatty(descriptor) == 0 {
            throw .notATerminal(descriptor: descriptor)
        }
        return TTYTerminal(input: STDIN_FILENO, output: STDOUT_FILENO, reportsTermination: reportsTermination)
    }

    /// The process's controlling terminal, `/dev/tty`, opened for reading and
    /// writing: works even when standard input or output are redirected.
    public static func controllingTerminal(reportsTermination: Bool = true) throws(TerminalError)
        -> TTYTerminal
    {
        let descriptor = open("/dev/tty", O_RDWR | O_NOCTTY | O_CLOEXEC)
        guard descriptor >= 0 else { throw .system(call: "open /dev/tty", code: errno) }
        return TTYTerminal(
            input: descriptor, output: descriptor, closesDescriptors: true,
            reportsTermination: reportsTermination)
    }

    /// Saves the termios settings, arms the restore guard, starts the signal watcher,
    /// sets raw mode and writes the modes' enter sequence. No-op if already interactive.
    ///
    /// A stop (SIGTSTP) is held until all of that is done, so that it cannot come between
    /// arming the guard and entering raw mode (see ``SignalHub/holdingStops(_:)``).
    ///
    /// - Throws: ``TerminalError/notATerminal(descriptor:)`` when the input is not a tty,
    ///   ``TerminalError/anotherTerminalIsInteractive`` when another terminal is.
    public func enterInteractiveMode(_ modes: InteractiveModes) throws(TerminalError) {
        guard !isInteractive else { return }
        try SignalHub.holdingStops { () throws(TerminalError) in
            let saved = try RawMode.settings(of: inputDescriptor)
            try SignalHub.arm(
                input: inputDescriptor, output: outputDescriptor, settings: saved, leave: modes.leaveSequence)
            isInteractive = true
            do throws(TerminalError) {
                watcher = try SignalWatcher.start(reportsTermination: reportsTermination)
                try RawMode.apply(RawMode.raw(from: saved), to: inputDescriptor)
                try write(modes.enterSequence)
                watchdog = BusyWatchdog.start(input: inputDescriptor)
            } catch {
                leaveInteractiveMode()
                throw error
            }
        }
    }

    /// Gives the terminal back as it was (if a stop has not already), then takes it
    /// again with the settings it has now, keeping the signal watcher and the watchdog
    /// running throughout: a termination signal that arrives meanwhile is reported as
    /// usual, never lost with a watcher being replaced.
    ///
    /// A stop is held meanwhile, as in ``enterInteractiveMode(_:)``. When not
    /// interactive, the same as ``enterInteractiveMode(_:)``; on an error the terminal is
    /// left restored and not interactive.
    public func resumeInteractiveMode(_ modes: InteractiveModes) throws(TerminalError) {
        guard isInteractive else { return try enterInteractiveMode(modes) }
        try SignalHub.holdingStops { () throws(TerminalError) in
            do throws(TerminalError) {
                SignalHub.restoreTerminal()
                let saved = try RawMode.settings(of: inputDescriptor)
                SignalHub.rearm(input: inputDescriptor, settings: saved)
                try RawMode.apply(RawMode.raw(from: saved), to: inputDescriptor)
                try write(modes.enterSequence)
            } catch {
                leaveInteractiveMode()
                throw error
            }
        }
    }

    /// Gives the terminal back as it was, for a stop, while staying interactive: the
    /// signal watcher keeps reporting, and ``resumeInteractiveMode(_:)`` takes the
    /// terminal again. What our SIGTSTP handler does before it stops the process.
    public func suspendInteractiveMode() {
        guard isInteractive else { return }
        SignalHub.restoreTerminal()
    }

    /// Gives the terminal up (``suspendInteractiveMode()``) and runs `body` with its
    /// descriptors while a program has it: the watchdog leaves the settings alone
    /// meanwhile, the interrupt and quit signals are ignored here from before the
    /// terminal's signal keys come back on (as `system(3)` does: ctrl+c is the
    /// program's), and the settings the terminal had before `body` are put back after it,
    /// whatever the program left. Other signals go on being reported.
    public func whileLent<Result>(_ body: (_ input: Int32?, _ output: Int32?) -> Result) -> Result {
        watchdog?.waiting()
        defer { watchdog?.busy() }
        return SignalHub.ignoringInterrupts {
            suspendInteractiveMode()
            var settings = termios()
            let saved = tcgetattr(inputDescriptor, &settings) == 0
            let result = body(inputDescriptor, outputDescriptor)
            if saved { while tcsetattr(inputDescriptor, TCSADRAIN, &settings) != 0 && errno == EINTR {} }
            return result
        }
    }

    /// Writes the leave sequence, restores the saved settings exactly and stops the
    /// signal watcher. Idempotent.
    public func leaveInteractiveMode() {
        guard isInteractive else { return }
        isInteractive = false
        watchdog?.stop()
        watchdog = nil
        SignalHub.disarmAndRestore()
        watcher?.stop()
        watcher = nil
    }

    /// The window size from `TIOCGWINSZ` on the output (then the input) descriptor, as
    /// reported: a pty whose size was never set reports 0x0 (see
    /// ``TerminalSize/isUsable``).
    public func size() throws(TerminalError) -> TerminalSize {
        var lastError = TerminalError.notATerminal(descriptor: outputDescriptor)
        var reported: TerminalSize?
        for descriptor in [outputDescriptor, inputDescriptor] {
            var window = winsize()
            if ioctl(descriptor, UInt(TIOCGWINSZ), &window) == 0 {
                let size = TerminalSize(columns: Int(window.ws_col), rows: Int(window.ws_row))
                if size.isUsable { return size }
                reported = reported ?? size
            } else {
                lastError =
                    errno == ENOTTY
                    ? .notATerminal(descriptor: descriptor) : .system(call: "ioctl TIOCGWINSZ", code: errno)
            }
        }
        if let reported { return reported }
        throw lastError
    }

    /// Writes `bytes` in one loop that retries EINTR and partial writes.
    ///
    /// A stop is held while the bytes are written, so that its handler's restore comes
    /// after a whole frame, never inside one; and while a stop has given the terminal
    /// back (interactive, but the guard disarmed until the resume takes it again),
    /// nothing is written: a frame then would land on the shell's screen, after the
    /// sequence that left the alternate one. The app repaints in full on the resume.
    public func write(_ bytes: [UInt8]) throws(TerminalError) {
        try SignalHub.holdingStops { () throws(TerminalError) in
            if isInteractive && !SignalHub.isArmed { return }
            let failure: TerminalError? = bytes.withUnsafeBytes { buffer in
                do throws(TerminalError) {
                    try POSIX.writeAll(outputDescriptor, buffer)
                    return nil
                } catch {
                    return error
                }
            }
            if let failure { throw failure }
        }
    }

    /// Reads what is available now (up to 4 KiB) without blocking.
    public func readAvailable() throws(TerminalError) -> [UInt8] {
        var entry = pollfd(fd: inputDescriptor, events: Int16(POLLIN), revents: 0)
        guard poll(&entry, 1, 0) > 0 else { return [] }
        return try POSIX.readAvailable(inputDescriptor)
    }

    /// More descriptors to wake for, reported in ``Wakeup/readyDescriptors``.
    public var extraDescriptors: [Int32] = []

    /// Polls the input, while interactive the signal watcher's self-pipe, and the extra
    /// descriptors.
    public func wait(until deadline: ContinuousClock.Instant?) throws(TerminalError) -> Wakeup {
        var waiter = PollWaiter(input: inputDescriptor, signals: watcher)
        waiter.extraDescriptors = extraDescriptors
        watchdog?.waiting()
        defer { watchdog?.busy() }
        return try waiter.wait(until: deadline)
    }

    deinit {
        leaveInteractiveMode()
        if closesDescriptors {
            close(inputDescriptor)
            if outputDescriptor != inputDescriptor { close(outputDescriptor) }
        }
    }
}
