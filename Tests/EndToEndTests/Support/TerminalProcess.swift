import TheoluaTerminal

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `theolua` (or any program) running in a pseudo-terminal, the test playing the
/// terminal emulator: keys go in through the controller side, and what the program
/// writes is kept as bytes and applied to a ``ScreenModel``.
///
/// The child gets its own session with the pty as its controlling terminal (so
/// resizing sends it SIGWINCH) and `TERM=xterm-256color`. Every wait is bounded; `stop()`
/// (also run on deinit) kills a child still running, so no test can hang the suite.
final class TerminalProcess {
    /// The controller side: what the "terminal emulator" reads and writes.
    private(set) var controller: Int32
    /// The replica side, kept open here to read its termios before, during and after.
    let replica: Int32
    let pid: pid_t
    /// Everything the child wrote so far.
    private(set) var output: [UInt8] = []
    /// The screen as the child drew it.
    private(set) var screen: ScreenModel
    /// The exit status once the child has ended (128 + signal when killed).
    private(set) var exitStatus: Int32?
    /// The replica's termios as it was before the child started.
    let modesAtStart: termios?

    /// Why a pseudo-terminal session could not start.
    struct StartError: Error, CustomStringConvertible {
        var description: String
    }

    /// Starts `executable arguments` on a new `columns`×`rows` pseudo-terminal, whose
    /// screen already shows `shown` (what a shell wrote before: the program starts with
    /// the cursor after it).
    init(
        _ executable: String = Paths.binary, _ arguments: [String], columns: Int = 80, rows: Int = 24,
        shown: String = ""
    ) throws {
        var environment = PTY.environment().filter {
            !$0.hasPrefix("TERM=") && !$0.hasPrefix("COLUMNS=") && !$0.hasPrefix("LINES=")
        }
        environment.append("TERM=xterm-256color")
        let spawned: PTY.Spawned
        do {
            spawned = try PTY.spawn(executable, arguments, environment: environment, columns: columns, rows: rows)
        } catch {
            throw StartError(description: error.description)
        }
        controller = spawned.controller
        replica = spawned.replica
        pid = spawned.pid
        modesAtStart = spawned.initialModes
        screen = ScreenModel(width: columns, height: rows)
        screen.feed(Array(shown.utf8))
    }

    deinit {
        stop()
        close(replica)
        if controller >= 0 { close(controller) }
    }

    /// Closes the terminal, as a terminal emulator's window closing does: the kernel
    /// sends SIGHUP to the session, and reads and writes fail from then on.
    func hangUp() {
        guard controller >= 0 else { return }
        close(controller)
        controller = -1
    }

    // MARK: Keys in

    /// Whether the terminal's answers to queries wait for ``sendHeldReplies()``, as a slow
    /// terminal's (or one far away) come late.
    var holdsReplies = false
    private var heldReplies: [UInt8] = []

    /// Sends the answers held back.
    func sendHeldReplies() {
        guard !heldReplies.isEmpty, controller >= 0 else { return }
        _ = heldReplies.withUnsafeBytes { write(controller, $0.baseAddress, $0.count) }
        heldReplies.removeAll()
    }

    /// Writes bytes as the keyboard would: `"+"`, `"\u{1B}[A"` (up), `"\u{03}"` (ctrl+c).
    func type(_ text: String) {
        let bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { write(controller, $0.baseAddress, $0.count) }
            if written < 0 && errno == EINTR { continue }
            if written <= 0 { return }
            offset += written
        }
    }

    /// Resizes the terminal (the child gets SIGWINCH); the screen model starts blank.
    func resize(columns: Int, rows: Int) {
        PTY.resize(controller, columns: columns, rows: rows)
        screen.resize(width: columns, height: rows)
    }

    // MARK: Screen out

    /// Reads output until `condition` holds or `timeout` seconds pass; returns whether
    /// it held. Checks after each chunk and once more after the child exits.
    @discardableResult
    func wait(timeout: Double = 5, until condition: (TerminalProcess) -> Bool) -> Bool {
        let deadline = Deadline(seconds: Sanitizer.time(timeout))
        while true {
            if condition(self) { return true }
            if exitStatus != nil || deadline.hasPassed {
                pump(milliseconds: 0)
                return condition(self)
            }
            pump(milliseconds: min(deadline.remainingMilliseconds, 20))
            reap()
        }
    }

    /// Waits until the screen shows `text` somewhere.
    @discardableResult
    func waitForScreen(containing text: String, timeout: Double = 5) -> Bool {
        wait(timeout: timeout) { $0.screen.text.contains(text) }
    }

    /// Waits until the screen no longer shows `text`.
    @discardableResult
    func waitForScreen(notContaining text: String, timeout: Double = 5) -> Bool {
        wait(timeout: timeout) { !$0.screen.text.contains(text) }
    }

    /// Waits for the child to end, reading its last output; nil if it is still running.
    func waitForExit(timeout: Double = 5) -> Int32? {
        wait(timeout: timeout) { $0.exitStatus != nil }
        return exitStatus
    }

    /// Output since byte `offset`, escapes made visible, for messages.
    func visibleOutput(from offset: Int = 0) -> String {
        Golden.visible(Substring(String(decoding: output[min(offset, output.count)...], as: UTF8.self)))
    }

    /// Reads what is available, waiting up to `milliseconds` for the first bytes.
    private func pump(milliseconds: Int32) {
        var entry = pollfd(fd: controller, events: Int16(POLLIN), revents: 0)
        var timeout = milliseconds
        var chunk = [UInt8](repeating: 0, count: 65536)
        while poll(&entry, 1, timeout) > 0 {
            let count = read(controller, &chunk, chunk.count)
            guard count > 0 else { return }
            output.append(contentsOf: chunk[0..<count])
            screen.feed(Array(chunk[0..<count]))
            // What the terminal answers (a cursor position report) goes back to the program,
            // or waits for `sendHeldReplies()`.
            heldReplies += screen.takeReplies()
            if !holdsReplies { sendHeldReplies() }
            timeout = 0
        }
    }

    /// Notes the child's end, and reads what it wrote before it: a condition that holds
    /// once it has ended (`waitForExit`) must find its last output, the restore bytes
    /// among them, already on the screen.
    private func reap() {
        guard exitStatus == nil else { return }
        var status: Int32 = 0
        if waitpid(pid, &status, WNOHANG) == pid {
            exitStatus = (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
            pump(milliseconds: 0)
        }
    }

    /// Kills the child if it is still running, and reaps it.
    func stop() {
        reap()
        guard exitStatus == nil else { return }
        kill(pid, SIGKILL)
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        exitStatus = 128 + SIGKILL
    }

    // MARK: Terminal modes

    /// The replica's termios now.
    func modes() -> termios? {
        var settings = termios()
        return tcgetattr(replica, &settings) == 0 ? settings : nil
    }
}
