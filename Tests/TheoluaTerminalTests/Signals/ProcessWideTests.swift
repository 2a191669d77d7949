import Synchronization
import Testing

@testable import TheoluaTerminal

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Tests of process-wide state (signal handlers, the restore guard, a pty in raw
/// mode), run one at a time because signals belong to the whole process.
@Suite("Process-wide terminal state", .serialized)
struct ProcessWideTests {
    @Test func rawModeIsEnteredOnAPtyAndRestoredExactly() throws {
        let pty = try #require(PseudoTerminal())
        let before = try RawMode.settings(of: pty.replica)
        #expect(before.c_lflag & tcflag_t(ICANON | ECHO) != 0)
        let terminal = TTYTerminal(input: pty.replica, output: pty.replica)
        try terminal.enterInteractiveMode(.fullScreen)
        let raw = try RawMode.settings(of: pty.replica)
        #expect(raw.c_lflag & tcflag_t(ICANON | ECHO | ISIG) == 0)
        #expect(raw.c_iflag & tcflag_t(ICRNL | IXON) == 0)
        #expect(visible(pty.readOutput()) == "␛[?1049h␛[?25l␛[?2004h␛[?1000h␛[?1002h␛[?1006h␛[?u")
        terminal.leaveInteractiveMode()
        let after = try RawMode.settings(of: pty.replica)
        #expect(Self.same(before, after))
        #expect(visible(pty.readOutput()) == "␛[0m␛[<u␛[?1006l␛[?1002l␛[?1000l␛[?2004l␛[?25h␛[?1049l")
    }

    @Test func restoringTwiceIsHarmless() throws {
        let pty = try #require(PseudoTerminal())
        let before = try RawMode.settings(of: pty.replica)
        let terminal = TTYTerminal(input: pty.replica, output: pty.replica)
        try terminal.enterInteractiveMode(.inline)
        terminal.leaveInteractiveMode()
        _ = pty.readOutput()
        terminal.leaveInteractiveMode()
        SignalHub.restoreTerminal()
        restoreTerminalAtExit()
        #expect(Self.same(before, try RawMode.settings(of: pty.replica)))
        #expect(pty.readOutput(firstByteTimeout: 50).isEmpty)
    }

    @Test func droppingTheTerminalRestoresIt() throws {
        let pty = try #require(PseudoTerminal())
        let before = try RawMode.settings(of: pty.replica)
        do {
            let terminal = TTYTerminal(input: pty.replica, output: pty.replica)
            try terminal.enterInteractiveMode(.fullScreen)
        }
        #expect(Self.same(before, try RawMode.settings(of: pty.replica)))
    }

    @Test func theExitGuardRestoresAnArmedTerminal() throws {
        let pty = try #require(PseudoTerminal())
        let before = try RawMode.settings(of: pty.replica)
        let terminal = TTYTerminal(input: pty.replica, output: pty.replica)
        try terminal.enterInteractiveMode(.fullScreen)
        _ = pty.readOutput()
        restoreTerminalAtExit()  // what atexit runs
        #expect(Self.same(before, try RawMode.settings(of: pty.replica)))
        #expect(visible(pty.readOutput()) == "␛[0m␛[<u␛[?1006l␛[?1002l␛[?1000l␛[?2004l␛[?25h␛[?1049l")
        terminal.leaveInteractiveMode()
        #expect(pty.readOutput(firstByteTimeout: 50).isEmpty)
    }

    @Test func onlyOneTerminalCanBeInteractive() throws {
        let first = try #require(PseudoTerminal())
        let second = try #require(PseudoTerminal())
        let one = TTYTerminal(input: first.replica, output: first.replica)
        let two = TTYTerminal(input: second.replica, output: second.replica)
        try one.enterInteractiveMode(.inline)
        defer { one.leaveInteractiveMode() }
        #expect(throws: TerminalError.anotherTerminalIsInteractive) {
            try two.enterInteractiveMode(.inline)
        }
        #expect(!two.isInteractive)
    }

    @Test func refusesInteractiveModeOnSomethingThatIsNotATerminal() throws {
        let pipe = TestPipe()
        let terminal = TTYTerminal(input: pipe.readEnd, output: pipe.writeEnd)
        #expect(throws: TerminalError.notATerminal(descriptor: pipe.readEnd)) {
            try terminal.enterInteractiveMode(.fullScreen)
        }
        #expect(throws: TerminalError.notATerminal(descriptor: pipe.readEnd)) { try terminal.size() }
        // Nothing was armed: another terminal can still enter.
        let pty = try #require(PseudoTerminal())
        let real = TTYTerminal(input: pty.replica, output: pty.replica)
        try real.enterInteractiveMode(.inline)
        real.leaveInteractiveMode()
    }

    @Test func readsTheWindowSize() throws {
        let pty = try #require(PseudoTerminal())
        pty.setSize(columns: 132, rows: 43)
        let terminal = TTYTerminal(input: pty.replica, output: pty.replica)
        #expect(try terminal.size() == TerminalSize(columns: 132, rows: 43))
    }

    @Test func readsTypedKeysThroughASession() throws {
        let pty = try #require(PseudoTerminal())
        let terminal = TTYTerminal(input: pty.replica, output: pty.replica)
        let session = try TerminalSession(device: terminal)
        defer { session.close() }
        pty.type("q\u{03}\r\u{1B}[1;5A")
        var events: [TerminalEvent] = []
        let deadline = ContinuousClock.now + .seconds(5)
        while events.count < 4 && ContinuousClock.now < deadline {
            events += try session.nextEvents(until: deadline)
        }
        #expect(events == ["q", "ctrl+c", "enter", "ctrl+up"].map { .input(key($0)) })
    }

    @Test func reportsSigwinchAsAResizeWithTheNewSize() throws {
        let pty = try #require(PseudoTerminal())
        pty.setSize(columns: 90, rows: 30)
        let terminal = TTYTerminal(input: pty.replica, output: pty.replica)
        let session = try TerminalSession(device: terminal)
        defer { session.close() }
        kill(getpid(), SIGWINCH)
        let events = try session.nextEvents(until: .now + .seconds(5))
        #expect(events == [.resize(TerminalSize(columns: 90, rows: 30))])
    }

    @Test func reportsTheFirstTerminationSignalInsteadOfDying() throws {
        let watcher = try SignalWatcher.start(reportsTermination: true)
        defer { watcher.stop() }
        var current = sigaction()
        sigaction(SIGTERM, nil, &current)
        try #require(Self.handler(current) == Self.handler(Self.ours()))  // else raising would kill us
        kill(getpid(), SIGTERM)
        kill(getpid(), SIGWINCH)
        kill(getpid(), SIGCONT)
        let pipe = TestPipe()
        let waiter = PollWaiter(input: pipe.readEnd, signals: watcher)
        var signals: [TerminalSignal] = []
        let deadline = ContinuousClock.now + .seconds(5)
        while signals.count < 3 {
            let wakeup = try waiter.wait(until: deadline)
            signals += wakeup.signals
            if wakeup.deadlineReached { break }
        }
        #expect(Set(signals) == [.terminate, .resize, .resume])  // delivery order is unspecified
    }

    /// A stop gives the terminal back, a resume takes it again with the watcher kept, so
    /// a termination reported in between is still there to read.
    @Test func aResumeTakesTheTerminalAgainAndKeepsATerminationReportedAroundIt() throws {
        let pty = try #require(PseudoTerminal())
        let before = try RawMode.settings(of: pty.replica)
        let terminal = TTYTerminal(input: pty.replica, output: pty.replica)
        try terminal.enterInteractiveMode(.fullScreen)
        defer { terminal.leaveInteractiveMode() }
        var current = sigaction()
        sigaction(SIGTERM, nil, &current)
        try #require(Self.handler(current) == Self.handler(Self.ours()))  // else raising would kill us
        _ = pty.readOutput()

        SignalHub.restoreTerminal()  // what the SIGTSTP handler does before it stops
        #expect(Self.same(before, try RawMode.settings(of: pty.replica)))
        #expect(visible(pty.readOutput()) == "␛[0m␛[<u␛[?1006l␛[?1002l␛[?1000l␛[?2004l␛[?25h␛[?1049l")
        kill(getpid(), SIGTERM)
        try terminal.resumeInteractiveMode(.fullScreen)
        #expect(try RawMode.settings(of: pty.replica).c_lflag & tcflag_t(ICANON | ECHO | ISIG) == 0)
        #expect(visible(pty.readOutput()) == "␛[?1049h␛[?25l␛[?2004h␛[?1000h␛[?1002h␛[?1006h␛[?u")
        #expect(try terminal.wait(until: .now + .seconds(5)).signals == [.terminate])

        // A resume with no stop before it gives the terminal back first, so the settings
        // saved again are the shell's, and the guard is armed with them.
        try terminal.resumeInteractiveMode(.fullScreen)
        #expect(visible(pty.readOutput()).hasPrefix("␛[0m␛[<u␛[?1006l␛[?1002l␛[?1000l␛[?2004l␛[?25h␛[?1049l␛[?1049h"))
        restoreTerminalAtExit()
        #expect(Self.same(before, try RawMode.settings(of: pty.replica)))
    }

    /// A stop that comes while stops are held waits, pending, and is handled once the
    /// held steps are done. (A counting handler stands in for ours, which would stop
    /// this process.)
    @Test func aStopThatComesWhileHeldIsHandledAfterwards() throws {
        var stop = SignalHub.stopSignalSet()
        var originalMask = sigset_t()
        pthread_sigmask(SIG_UNBLOCK, &stop, &originalMask)
        defer { pthread_sigmask(SIG_SETMASK, &originalMask, nil) }
        var counting = sigaction()
        counting.handler = { _ in stopsSeen.add(1, ordering: .relaxed) }
        var previous = sigaction()
        sigaction(SIGTSTP, &counting, &previous)
        defer { sigaction(SIGTSTP, &previous, nil) }

        let before = stopsSeen.load(ordering: .relaxed)
        let seenWhileHeld = SignalHub.holdingStops { () -> Int in
            pthread_kill(pthread_self(), SIGTSTP)
            return stopsSeen.load(ordering: .relaxed) - before
        }
        #expect(seenWhileHeld == 0)
        #expect(stopsSeen.load(ordering: .relaxed) - before == 1)
    }

    /// Holding stops while entering does not undo what entering does to the mask: a
    /// termination signal blocked by the parent is unblocked, or it would never arrive.
    @Test func enteringUnblocksTerminationSignalsAParentBlocked() throws {
        var terminate = sigset_t()
        sigemptyset(&terminate)
        sigaddset(&terminate, SIGTERM)
        var originalMask = sigset_t()
        pthread_sigmask(SIG_BLOCK, &terminate, &originalMask)
        defer { pthread_sigmask(SIG_SETMASK, &originalMask, nil) }
        let pty = try #require(PseudoTerminal())
        let terminal = TTYTerminal(input: pty.replica, output: pty.replica)
        try terminal.enterInteractiveMode(.inline)
        defer { terminal.leaveInteractiveMode() }
        var mask = sigset_t()
        pthread_sigmask(SIG_BLOCK, nil, &mask)
        #expect(sigismember(&mask, SIGTERM) == 0)
        #expect(sigismember(&mask, SIGTSTP) == sigismember(&originalMask, SIGTSTP))
    }

    @Test func onlyOneWatcherAtATimeAndStoppingPutsBackPreviousHandlers() throws {
        var before = sigaction()
        sigaction(SIGWINCH, nil, &before)
        let watcher = try SignalWatcher.start()
        #expect(throws: TerminalError.signalWatcherAlreadyActive) { _ = try SignalWatcher.start() }
        watcher.stop()
        watcher.stop()
        var after = sigaction()
        sigaction(SIGWINCH, nil, &after)
        #expect(Self.handler(before) == Self.handler(after))
        let again = try SignalWatcher.start()
        again.stop()
    }

    @Test func leavesIgnoredSignalsIgnored() throws {
        let previous = signal(SIGHUP, SIG_IGN)
        defer { signal(SIGHUP, previous) }
        let watcher = try SignalWatcher.start()
        defer { watcher.stop() }
        var current = sigaction()
        sigaction(SIGHUP, nil, &current)
        #expect(Self.handler(current) == Self.handler(Self.ignored()))
    }

    @Test func terminationSignalNumbersRoundTrip() {
        for signal in TerminalSignal.allCases {
            #expect(TerminalSignal(signalNumber: signal.signalNumber) == signal)
        }
        #expect(TerminalSignal(signalNumber: SIGUSR1) == nil)
        #expect(TerminalSignal.terminate.endsProcess && !TerminalSignal.resize.endsProcess)
    }

    // MARK: - Helpers

    private static func same(_ left: termios, _ right: termios) -> Bool {
        var left = left
        var right = right
        return memcmp(&left, &right, MemoryLayout<termios>.size) == 0
    }

    private static func handler(_ action: sigaction) -> UnsafeRawPointer? {
        #if canImport(Darwin)
            unsafeBitCast(action.__sigaction_u.__sa_handler, to: UnsafeRawPointer?.self)
        #else
            unsafeBitCast(action.__sigaction_handler.sa_handler, to: UnsafeRawPointer?.self)
        #endif
    }

    private static func ours() -> sigaction {
        var action = sigaction()
        #if canImport(Darwin)
            action.__sigaction_u.__sa_handler = handleTerminalSignal
        #else
            action.__sigaction_handler.sa_handler = handleTerminalSignal
        #endif
        return action
    }

    private static func ignored() -> sigaction {
        var action = sigaction()
        #if canImport(Darwin)
            action.__sigaction_u.__sa_handler = SIG_IGN
        #else
            action.__sigaction_handler.sa_handler = SIG_IGN
        #endif
        return action
    }
}

/// How many SIGTSTPs the counting handler of the held-stop test has seen.
private let stopsSeen = Atomic<Int>(0)

extension TerminalEvent: ExpressibleByStringLiteral {
    public init(stringLiteral name: String) { self = .input(key(name)) }
}
