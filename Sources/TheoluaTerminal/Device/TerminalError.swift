#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A failure talking to a terminal, with what was attempted and why it failed.
public enum TerminalError: Error, Sendable, Hashable {
    /// A system call failed; `code` is its `errno`.
    case system(call: String, code: Int32)
    /// The descriptor is not a terminal, so raw mode and window size do not apply
    /// (e.g. output redirected to a file: use `theolua render` instead of `run`).
    case notATerminal(descriptor: Int32)
    /// The input reached end of file: the terminal hung up or the pipe was closed.
    case inputClosed
    /// Another terminal in this process is already in interactive mode; only one can
    /// be, since signal handlers and the exit guard are process-wide.
    case anotherTerminalIsInteractive
    /// Another ``SignalWatcher`` is active; signals are process-wide, so only one can be.
    case signalWatcherAlreadyActive
}

extension TerminalError: CustomStringConvertible {
    /// A one-line message for users and logs.
    public var description: String {
        switch self {
        case .system(let call, let code):
            "\(call) failed: \(String(cString: strerror(code))) (errno \(code))"
        case .notATerminal(let descriptor):
            "file descriptor \(descriptor) is not a terminal: run interactively, or use render for headless output"
        case .inputClosed:
            "the terminal's input was closed"
        case .anotherTerminalIsInteractive:
            "another terminal is already in interactive mode in this process (this is a bug in theolua)"
        case .signalWatcherAlreadyActive:
            "another signal watcher is already active in this process (this is a bug in theolua)"
        }
    }
}
