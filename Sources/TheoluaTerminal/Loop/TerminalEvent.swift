/// Something the runtime must react to, as reported by ``TerminalSession``.
public enum TerminalEvent: Sendable, Hashable {
    /// A key press or a paste.
    case input(InputEvent)
    /// The window now has this size; lay out and repaint everything.
    case resize(TerminalSize)
    /// The process was continued after a stop; interactive mode has been re-entered,
    /// so repaint everything.
    case resume
    /// A signal asks the process to end (``TerminalSignal/endsProcess``): shut down,
    /// close the session, then call ``TerminalSignal/exitProcess()``.
    case terminate(TerminalSignal)
    /// The input ended (the terminal hung up); shut down.
    case inputClosed
    /// One of the device's extra descriptors became readable (a file watcher's, say).
    case descriptorReady(Int32)
    /// The terminal's answer to a cursor position query the app wrote (after
    /// ``TerminalSession/expectCursorReport()``): the cursor's row and column, from 1.
    case cursorPosition(row: Int, column: Int)
}
