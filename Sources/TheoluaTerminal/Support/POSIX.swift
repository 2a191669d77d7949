#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Thin, EINTR-aware wrappers over the POSIX calls this module makes.
enum POSIX {
    /// Writes all of `bytes` to `descriptor`, retrying on EINTR and after partial
    /// writes, and waiting with poll(2) when a non-blocking descriptor is full.
    static func writeAll(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer) throws(TerminalError) {
        guard var next = bytes.baseAddress else { return }
        var remaining = bytes.count
        while remaining > 0 {
            let written = write(descriptor, next, remaining)
            if written > 0 {
                next += written
                remaining -= written
                continue
            }
            let code = errno
            if written < 0 && code == EINTR { continue }
            if written < 0 && (code == EAGAIN || code == EWOULDBLOCK) {
                var entry = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
                _ = poll(&entry, 1, -1)
                continue
            }
            throw .system(call: "write", code: written < 0 ? code : EIO)
        }
    }

    /// Reads what is available from `descriptor` in one `read`, up to `limit` bytes;
    /// empty when a non-blocking read would block or a signal interrupted it.
    ///
    /// - Throws: ``TerminalError/inputClosed`` at end of file.
    static func readAvailable(_ descriptor: Int32, limit: Int = 4096) throws(TerminalError) -> [UInt8] {
        var buffer = [UInt8](repeating: 0, count: limit)
        let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, limit) }
        if count > 0 { return Array(buffer[..<count]) }
        if count == 0 { throw .inputClosed }
        let code = errno
        if code == EINTR || code == EAGAIN || code == EWOULDBLOCK { return [] }
        throw .system(call: "read", code: code)
    }

    /// Makes a descriptor non-blocking and close-on-exec.
    static func configurePipeEnd(_ descriptor: Int32) {
        let flags = fcntl(descriptor, F_GETFL)
        if flags >= 0 { _ = fcntl(descriptor, F_SETFL, flags | O_NONBLOCK) }
        let fdFlags = fcntl(descriptor, F_GETFD)
        if fdFlags >= 0 { _ = fcntl(descriptor, F_SETFD, fdFlags | FD_CLOEXEC) }
    }

    /// Creates a pipe whose two ends are non-blocking and close-on-exec.
    static func makePipe() throws(TerminalError) -> (read: Int32, write: Int32) {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { throw .system(call: "pipe", code: errno) }
        configurePipeEnd(ends[0])
        configurePipeEnd(ends[1])
        return (ends[0], ends[1])
    }
}
