/// A terminal in interactive mode plus the input decoder: the runtime's whole view
/// of the terminal while an app runs.
///
/// ```swift
/// let session = try TerminalSession(device: TTYTerminal.standardStreams())
/// defer { session.close() }
/// try session.write(firstFrame)
/// loop: while true {
///     for event in try session.nextEvents(until: nextTimerDeadline) {
///         switch event {
///         case .input(let input): handle(input)
///         case .resize(let size): relayout(size)
///         case .resume: repaintAll()
///         case .terminate(let signal): session.close(); signal.exitProcess()
///         case .inputClosed: break loop
///         }
///     }
///     try session.write(nextFrame)   // one write per frame
/// }
/// ```
///
/// The session owns the ESC timeout: it shortens a wait to the decoder's deadline and
/// flushes the decoder when that passes, so callers only deal with their own timers.
public final class TerminalSession {
    /// The terminal this session drives.
    public let device: any TerminalDevice
    /// The modes entered on creation and re-entered on resume.
    public let modes: InteractiveModes
    private var decoder: InputDecoder
    /// When the decoder's pending bytes must be flushed, if any are pending.
    private var flushDeadline: ContinuousClock.Instant?

    /// Enters interactive mode on `device` with `modes`.
    ///
    /// - Parameter decoder: the decoder to use, e.g. with a different ESC timeout.
    public init(
        device: any TerminalDevice, modes: InteractiveModes = .fullScreen,
        decoder: InputDecoder = InputDecoder()
    ) throws(TerminalError) {
        self.device = device
        self.modes = modes
        self.decoder = decoder
        try device.enterInteractiveMode(modes)
    }

    /// The terminal's size, clamped to ``TerminalSize/maximum``; when the terminal
    /// reports none or a side of 0 (a pty whose size was never set), the last good size,
    /// 80x24 at first. Reading a size never fails: a resize never ends an app.
    public func size() -> TerminalSize {
        if let size = try? device.size(), size.isUsable { lastGoodSize = size.clampedToMaximum }
        return lastGoodSize
    }

    /// Whether the terminal answered the keyboard protocol query and its
    /// disambiguation is on (see ``InteractiveModes/keyboardProtocol``).
    public private(set) var keyboardProtocolActive = false

    /// The size last read that could be used.
    private var lastGoodSize = TerminalSize.standard

    /// Notes that the app wrote a cursor position query (`CSI 6 n`): its answer comes
    /// as a ``TerminalEvent/cursorPosition(row:column:)`` event.
    public func expectCursorReport() {
        decoder.expectCursorReport()
    }

    /// Waits up to `limit` for the answers to cursor position queries still on their way
    /// (other input read meanwhile is dropped). Before the terminal is given back: an
    /// answer that came later would reach the shell, and be echoed there as text.
    public func awaitCursorReports(within limit: Duration) {
        let deadline = ContinuousClock.now + limit
        while decoder.awaitsCursorReport && ContinuousClock.now < deadline {
            guard (try? nextEvents(until: deadline)) != nil else { return }
        }
    }

    /// Writes one frame's bytes in a single write loop.
    public func write(_ frame: [UInt8]) throws(TerminalError) {
        try device.write(frame)
    }

    /// Waits for and returns the next events, or an empty array once `deadline`
    /// passes with none (nil: wait as long as it takes).
    ///
    /// A lone ESC is returned as the esc key once the decoder's timeout passes, even if
    /// that is before `deadline`.
    public func nextEvents(until deadline: ContinuousClock.Instant? = nil) throws(TerminalError)
        -> [TerminalEvent]
    {
        while true {
            let wakeAt = Self.earliest(deadline, flushDeadline)
            let wakeup = try device.wait(until: wakeAt)
            // A termination is reported alone: the app is about to end, and nothing that
            // came with it (keys, or a resume whose re-entry could fail) may get in its way.
            let endings = wakeup.signals.filter(\.endsProcess)
            if !endings.isEmpty { return endings.map(TerminalEvent.terminate) }
            var events: [TerminalEvent] = []
            for signal in wakeup.signals {
                events.append(try event(for: signal))
            }
            events += wakeup.readyDescriptors.map(TerminalEvent.descriptorReady)
            if wakeup.inputReady {
                do {
                    let bytes = try device.readAvailable()
                    if !bytes.isEmpty {
                        events += decoder.feed(bytes).map(TerminalEvent.input)
                        events += decoder.takeCursorReports().map {
                            TerminalEvent.cursorPosition(row: $0.row, column: $0.column)
                        }
                        flushDeadline = decoder.pendingTimeout.map { ContinuousClock.now + $0 }
                        // Pushed once per query: the leave sequence pops one entry.
                        if decoder.takeKeyboardProtocolReply() && modes.keyboardProtocol && !keyboardProtocolActive {
                            try device.write(InteractiveModes.keyboardProtocolPush)
                            keyboardProtocolActive = true
                        }
                    }
                } catch .inputClosed {
                    events += decoder.flushTimeout().map(TerminalEvent.input)
                    flushDeadline = nil
                    events.append(.inputClosed)
                }
            }
            if wakeup.deadlineReached, let flushAt = flushDeadline, let wakeAt, flushAt <= wakeAt {
                events += decoder.flushTimeout().map(TerminalEvent.input)
                flushDeadline = nil
            }
            if !events.isEmpty { return events }
            if wakeup.deadlineReached {
                // No deadline at all: the device cannot wait (an in-memory terminal), so
                // nothing more is coming. Otherwise return only for the caller's deadline.
                guard let wakeAt else { return [] }
                if let deadline, deadline <= wakeAt { return [] }
            }
        }
    }

    /// Gives the terminal back as it was, stops the process (as ctrl+z does in a shell),
    /// and takes the terminal again once the process is continued.
    ///
    /// In raw mode ctrl+z is an ordinary key; a runtime that wants shell job control
    /// calls this when it sees it, then repaints everything. Signals go on being reported
    /// meanwhile (``TerminalDevice/suspendInteractiveMode()``): a termination signal that
    /// comes around the stop is among the next events.
    public func suspend() throws(TerminalError) {
        device.suspendInteractiveMode()
        keyboardProtocolActive = false
        Suspension.stopProcess()
        try device.resumeInteractiveMode(modes)
    }

    /// Gives the terminal to a program for as long as `body` runs (`ui.exec`: an
    /// editor, a pager), then takes it again: the screen and settings are the shell's
    /// meanwhile, ctrl+c and ctrl+\\ are the program's, and the caller repaints
    /// everything after (the program drew over the screen; the size may have changed).
    ///
    /// `body` gets the terminal's descriptors (see ``ForegroundTerminal``). A termination
    /// signal that comes meanwhile is among the next events.
    public func lend<Result>(_ body: (ForegroundTerminal) -> Result) throws(TerminalError) -> Result {
        keyboardProtocolActive = false
        let result = device.whileLent { input, output in
            body(
                ForegroundTerminal(
                    input: input, output: output, stop: Suspension.stopProcess,
                    endRequested: { SignalHub.terminationReported }))
        }
        decoder.reset()
        flushDeadline = nil
        try device.resumeInteractiveMode(modes)
        return result
    }

    /// Leaves interactive mode, restoring the terminal. Idempotent.
    public func close() {
        leaveModes()
        decoder.reset()
        flushDeadline = nil
    }

    /// Leaves interactive mode, which also turns the keyboard protocol off.
    private func leaveModes() {
        device.leaveInteractiveMode()
        keyboardProtocolActive = false
    }

    deinit {
        device.leaveInteractiveMode()
    }

    private func event(for signal: TerminalSignal) throws(TerminalError) -> TerminalEvent {
        switch signal {
        case .resize:
            return .resize(size())
        case .resume:
            // Taken again in place, with the signal watcher kept: a termination signal
            // that comes with the continue is reported, not lost with a replaced watcher.
            if device.isInteractive {
                keyboardProtocolActive = false
                try device.resumeInteractiveMode(modes)
            }
            return .resume
        case .interrupt, .terminate, .hangup:
            return .terminate(signal)
        }
    }

    private static func earliest(
        _ first: ContinuousClock.Instant?, _ second: ContinuousClock.Instant?
    ) -> ContinuousClock.Instant? {
        guard let first else { return second }
        guard let second else { return first }
        return min(first, second)
    }
}
