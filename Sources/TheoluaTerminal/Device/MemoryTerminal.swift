/// A terminal in memory, for tests and headless hosts: it records what is written,
/// replays queued input and signals, and never blocks.
///
/// ```swift
/// let terminal = MemoryTerminal(size: TerminalSize(columns: 20, rows: 5))
/// terminal.queueInput("\u{1B}[A")
/// terminal.resize(to: TerminalSize(columns: 30, rows: 5))
/// ```
public final class MemoryTerminal: TerminalDevice {
    /// The size ``size()`` reports; ``resize(to:)`` also queues a resize signal.
    public var currentSize: TerminalSize
    /// Every byte written so far, including mode changes.
    public private(set) var output: [UInt8] = []
    /// Each call to ``write(_:)``, in order: one entry per frame.
    public private(set) var writes: [[UInt8]] = []
    /// The modes in effect, or nil when not interactive.
    public private(set) var activeModes: InteractiveModes?
    /// How many times interactive mode was actually entered, for tests of
    /// restore-on-every-path logic.
    public private(set) var enterCount = 0
    /// How many times interactive mode was actually left.
    public private(set) var leaveCount = 0
    /// When set, the next write fails with this error (then it is cleared).
    public var nextWriteError: TerminalError?
    /// Whether the input has ended: once the queue is empty, reads throw
    /// ``TerminalError/inputClosed``.
    public var inputClosed = false
    private var input: [[UInt8]] = []
    private var signals: [TerminalSignal] = []

    /// Creates a terminal of the given size with nothing queued.
    public init(size: TerminalSize = .standard) {
        currentSize = size
    }

    /// Whether interactive mode is entered (``activeModes`` is set).
    public var isInteractive: Bool { activeModes != nil }

    /// Queues bytes to be returned by one later ``readAvailable()`` call.
    public func queueInput(_ bytes: [UInt8]) {
        input.append(bytes)
    }

    /// Queues the UTF-8 bytes of `text` as one read.
    public func queueInput(_ text: String) {
        queueInput(Array(text.utf8))
    }

    /// Queues a signal to be reported by the next ``wait(until:)``.
    public func queueSignal(_ signal: TerminalSignal) {
        signals.append(signal)
    }

    /// Changes the size and queues a resize signal, as a window resize would.
    public func resize(to size: TerminalSize) {
        currentSize = size
        queueSignal(.resize)
    }

    /// Returns the bytes written since the last call and forgets them.
    public func takeOutput() -> [UInt8] {
        defer {
            output.removeAll()
            writes.removeAll()
        }
        return output
    }

    /// Records the modes and appends their enter sequence to ``output``; no-op if
    /// already interactive.
    public func enterInteractiveMode(_ modes: InteractiveModes) throws(TerminalError) {
        guard activeModes == nil else { return }
        activeModes = modes
        enterCount += 1
        output += modes.enterSequence
    }

    /// Appends the leave sequence to ``output`` and clears ``activeModes``; idempotent.
    public func leaveInteractiveMode() {
        guard let modes = activeModes else { return }
        activeModes = nil
        leaveCount += 1
        output += modes.leaveSequence
    }

    /// Returns ``currentSize``.
    public func size() throws(TerminalError) -> TerminalSize {
        currentSize
    }

    /// Appends `bytes` to ``output`` as one entry of ``writes``, or throws
    /// ``nextWriteError`` once.
    public func write(_ bytes: [UInt8]) throws(TerminalError) {
        if let error = nextWriteError {
            nextWriteError = nil
            throw error
        }
        output += bytes
        writes.append(bytes)
    }

    /// Returns the oldest queued read, or empty; throws at end once ``inputClosed``.
    public func readAvailable() throws(TerminalError) -> [UInt8] {
        guard !input.isEmpty else {
            if inputClosed { throw .inputClosed }
            return []
        }
        return input.removeFirst()
    }

    /// Reports queued input and signals at once; with nothing queued, reports the
    /// deadline as reached immediately (even with no deadline): time in a test passes
    /// only when the test says so, and a test must never hang.
    public func wait(until deadline: ContinuousClock.Instant?) throws(TerminalError) -> Wakeup {
        let wakeup = Wakeup(inputReady: !input.isEmpty || inputClosed, signals: signals)
        signals.removeAll()
        if wakeup.inputReady || !wakeup.signals.isEmpty { return wakeup }
        return Wakeup(deadlineReached: true)
    }
}
