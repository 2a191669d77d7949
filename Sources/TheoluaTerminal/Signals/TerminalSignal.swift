#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A signal a terminal app reacts to, reported through the event loop rather than
/// handled inside a signal handler.
public enum TerminalSignal: Sendable, Hashable, CaseIterable {
    /// SIGWINCH: the window changed size; read the new size and repaint.
    case resize
    /// SIGCONT: the process was continued after being stopped; re-enter interactive
    /// mode if needed and repaint everything.
    case resume
    /// SIGINT sent by another process (ctrl+c itself arrives as a key in raw mode).
    case interrupt
    /// SIGTERM: asked to quit.
    case terminate
    /// SIGHUP: the terminal went away.
    case hangup

    /// The POSIX signal number.
    public var signalNumber: Int32 {
        switch self {
        case .resize: SIGWINCH
        case .resume: SIGCONT
        case .interrupt: SIGINT
        case .terminate: SIGTERM
        case .hangup: SIGHUP
        }
    }

    /// Whether the signal asks the process to end (interrupt, terminate, hangup).
    public var endsProcess: Bool {
        switch self {
        case .interrupt, .terminate, .hangup: true
        case .resize, .resume: false
        }
    }

    /// The signal with this number, if it is one of ours.
    public init?(signalNumber: Int32) {
        guard let signal = Self.allCases.first(where: { $0.signalNumber == signalNumber }) else { return nil }
        self = signal
    }

    /// Ends the process the way this signal would have, so the exit status tells the
    /// parent shell what happened (e.g. 130 for SIGINT, 143 for SIGTERM).
    ///
    /// Call it after the app has cleaned up and the terminal is restored. It restores
    /// the signal's default action and raises it; for signals whose default does not
    /// end the process (resize, resume) it exits with status 128 + the signal number.
    public func exitProcess() -> Never {
        SignalHub.restoreTerminal()
        var unblock = sigset_t()
        sigemptyset(&unblock)
        sigaddset(&unblock, signalNumber)
        signal(signalNumber, SIG_DFL)
        pthread_sigmask(SIG_UNBLOCK, &unblock, nil)
        if endsProcess { raise(signalNumber) }
        _exit(128 + signalNumber)
    }
}
