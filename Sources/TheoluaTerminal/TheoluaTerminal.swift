// TheoluaTerminal: the only code in theolua that touches a tty.
//
// Purpose: read keys, write frames, and keep the user's terminal safe. It depends on
// nothing (not on the core, not on the canvas); the runtime joins it to them.
//
// Contents, by folder:
// - Input/    KeyEvent and its names (`ctrl+x`, `--keys` parsing), InputEvent, and the
//             incremental InputDecoder (UTF-8, control keys, CSI/SS3 sequences,
//             alt prefixes, bracketed paste, the ESC timeout).
// - Device/   The TerminalDevice protocol; TTYTerminal (termios raw mode, alternate
//             screen, cursor, bracketed paste, window size, EINTR-safe writes) and
//             MemoryTerminal for tests.
// - Signals/  SignalWatcher (a self-pipe fed by an async-signal-safe handler) and the
//             process-wide restore guard used by signal handlers and `atexit`.
// - Loop/     PollWaiter (poll(2) on input + self-pipe + deadline) and TerminalSession,
//             which a runtime drives: nextEvents(until:), write(_:), close().
//
// Users: the runtime module (interactive `theolua run`), and tests via MemoryTerminal.
