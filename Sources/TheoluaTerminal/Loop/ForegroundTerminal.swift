/// The terminal as ``TerminalSession/lend(_:)`` lends it to a program, and what the
/// program's runner does for it.
public struct ForegroundTerminal {
    /// The terminal's input, the program's standard input; nil for the process's own
    /// standard input (a device with no descriptors of its own).
    public var input: Int32?
    /// The terminal's output, the program's standard output and error; nil for the
    /// process's own.
    public var output: Int32?
    /// Stops this process as a shell's ctrl+z does, returning once it is continued:
    /// for the program's own ctrl+z, which stops the app with it.
    public var stop: () -> Void
    /// Whether the app was asked to end meanwhile (SIGTERM, SIGHUP, or SIGINT from
    /// another process): the program is then hung up on, as a closing terminal would.
    public var endRequested: () -> Bool
}
