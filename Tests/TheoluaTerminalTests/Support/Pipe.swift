@testable import TheoluaTerminal

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A pipe for loop tests: write to one end, poll the other.
final class TestPipe {
    let readEnd: Int32
    let writeEnd: Int32
    private var writeOpen = true

    init() {
        var ends: [Int32] = [-1, -1]
        let result = pipe(&ends)
        precondition(result == 0, "pipe failed")
        readEnd = ends[0]
        writeEnd = ends[1]
    }

    func send(_ text: String) {
        let bytes = Array(text.utf8)
        let written = bytes.withUnsafeBytes { write(writeEnd, $0.baseAddress, $0.count) }
        precondition(written == bytes.count, "short write to test pipe")
    }

    func closeWriteEnd() {
        guard writeOpen else { return }
        writeOpen = false
        close(writeEnd)
    }

    deinit {
        close(readEnd)
        closeWriteEnd()
    }
}

/// A pseudo-terminal pair: the device under test uses `replica`; the test plays the
/// terminal emulator on `controller`.
final class PseudoTerminal {
    let controller: Int32
    let replica: Int32

    init?() {
        let controller = PTY.openController(O_RDWR | O_NOCTTY)
        guard controller >= 0 else { return nil }
        guard PTY.grant(controller) == 0, PTY.unlock(controller) == 0, let name = PTY.name(controller) else {
            close(controller)
            return nil
        }
        let replica = open(name, O_RDWR | O_NOCTTY)
        guard replica >= 0 else {
            close(controller)
            return nil
        }
        self.controller = controller
        self.replica = replica
    }

    /// Sets the window size the replica reports.
    func setSize(columns: UInt16, rows: UInt16) {
        var window = winsize(ws_row: rows, ws_col: columns, ws_xpixel: 0, ws_ypixel: 0)
        _ = ioctl(controller, UInt(TIOCSWINSZ), &window)
    }

    /// Reads what the device wrote, waiting up to `firstByteTimeout` milliseconds for
    /// the first bytes (expecting nothing, pass a short one).
    func readOutput(firstByteTimeout: Int32 = 2000) -> [UInt8] {
        var result: [UInt8] = []
        var entry = pollfd(fd: controller, events: Int16(POLLIN), revents: 0)
        var timeout = firstByteTimeout
        while poll(&entry, 1, timeout) > 0 {
            var buffer = [UInt8](repeating: 0, count: 4096)
            let count = buffer.withUnsafeMutableBytes { read(controller, $0.baseAddress, 4096) }
            guard count > 0 else { break }
            result += buffer[..<count]
            timeout = 50
        }
        return result
    }

    /// Types bytes as if at the keyboard.
    func type(_ text: String) {
        let bytes = Array(text.utf8)
        _ = bytes.withUnsafeBytes { write(controller, $0.baseAddress, $0.count) }
    }

    deinit {
        close(replica)
        close(controller)
    }
}

/// Makes escape sequences visible: `␛[?25l`.
func visible(_ bytes: [UInt8]) -> String {
    String(decoding: bytes, as: UTF8.self).replacing("\u{1B}", with: "␛")
}
