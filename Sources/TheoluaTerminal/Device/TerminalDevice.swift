/// A terminal the runtime draws on and reads keys from: a real tty
/// (``TTYTerminal``) or an in-memory one for tests (``MemoryTerminal``).
///
/// Devices are used from one thread at a time (the runtime's loop); they are classes
/// because they own descriptors and process-wide modes.
public protocol TerminalDevice: AnyObject {
    /// Whether ``enterInteractiveMode(_:)`` is in effect.
    var isInteractive: Bool { get }

    /// Saves the terminal's settings, switches to raw input and turns on `modes`.
    ///
    /// Until ``leaveInteractiveMode()``, the terminal is restored if the process exits
    /// or dies of a signal. Entering twice without leaving is an error-free no-op.
    func enterInteractiveMode(_ modes: InteractiveModes) throws(TerminalError)

    /// Turns the modes off and puts back exactly the settings saved on entering.
    /// Idempotent: calling it when not interactive does nothing.
    func leaveInteractiveMode()

    /// Gives the terminal back as it was before a stop, without ending interactive mode:
    /// signals go on being reported, and ``resumeInteractiveMode(_:)`` takes the terminal
    /// again once the process is continued. Does nothing when not interactive.
    ///
    /// The default leaves interactive mode.
    func suspendInteractiveMode()

    /// Takes the terminal again after the process was continued: gives it back first if a
    /// stop has not, saves the settings it has now, and turns raw input and `modes` on
    /// again. Signals go on being reported throughout, so a termination signal that comes
    /// with the continue is not missed. When not interactive, the same as
    /// ``enterInteractiveMode(_:)``.
    ///
    /// The default leaves interactive mode and enters it again.
    func resumeInteractiveMode(_ modes: InteractiveModes) throws(TerminalError)

    /// Gives the terminal up as ``suspendInteractiveMode()`` does and runs `body` with
    /// it, for a program to use: `body` gets the descriptors the program is to use (nil:
    /// standard input and output), and the settings are put back as they were before
    /// it, whatever the program left. ``TerminalSession/lend(_:)`` resumes after it.
    ///
    /// The default suspends and runs `body` on the standard streams.
    func whileLent<Result>(_ body: (_ input: Int32?, _ output: Int32?) -> Result) -> Result

    /// The screen's current size in cells.
    func size() throws(TerminalError) -> TerminalSize

    /// Writes `bytes` whole (one frame, ideally), retrying interrupted and partial writes.
    func write(_ bytes: [UInt8]) throws(TerminalError)

    /// Returns the input bytes available now, without blocking; empty if none.
    ///
    /// - Throws: ``TerminalError/inputClosed`` once the input has ended.
    func readAvailable() throws(TerminalError) -> [UInt8]

    /// Blocks until input is ready, a signal is reported or `deadline` passes (nil: no
    /// deadline).
    func wait(until deadline: ContinuousClock.Instant?) throws(TerminalError) -> Wakeup
}

extension TerminalDevice {
    /// Leaves interactive mode (a device without signals to keep reporting).
    public func suspendInteractiveMode() {
        leaveInteractiveMode()
    }

    /// Suspends and runs `body` on the standard streams.
    public func whileLent<Result>(_ body: (_ input: Int32?, _ output: Int32?) -> Result) -> Result {
        suspendInteractiveMode()
        return body(nil, nil)
    }

    /// Leaves interactive mode and enters it again.
    public func resumeInteractiveMode(_ modes: InteractiveModes) throws(TerminalError) {
        leaveInteractiveMode()
        try enterInteractiveMode(modes)
    }

    /// Writes the UTF-8 bytes of `text`.
    public func write(_ text: String) throws(TerminalError) {
        try write(Array(text.utf8))
    }
}
