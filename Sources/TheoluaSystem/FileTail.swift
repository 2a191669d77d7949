#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Follows a growing file, as `tail -F` does: the lines appended to it, from its end
/// when it starts (or from its start), through truncation (read again from the start;
/// seen by a size that shrank, or by another byte before the read position when the
/// file was written past it again) and rotation (the old file read to its end, then the
/// new one from its start), and waiting for a file that does not exist yet.
public final class FileTail: IOSource {
    /// Receives the complete lines read, in batches.
    public var onLines: ([[UInt8]]) -> Void = { _ in }

    private let path: String
    private let watch: PathWatch
    private var descriptor: Int32 = -1
    private var inode: UInt64 = 0
    private var offset: Int64 = 0
    /// The byte before `offset`, as read: if the file holds another byte there, it was
    /// truncated and written again between two looks (a size that did not shrink).
    private var lastByte: UInt8?
    private var splitter = LineSplitter()
    private var budget = 0
    /// Whether a read stopped at its budget with more to read.
    private var hasMore = false

    /// Follows `path` (absolute); from its start when `fromStart`, else from its end.
    public init(path: String, fromStart: Bool) {
        self.path = path
        watch = PathWatch(path: path, settle: .zero)
        watch.onChange = { [unowned self] in follow() }
        open(fromStart: fromStart)
    }

    deinit {
        if descriptor >= 0 { close(descriptor) }
    }

    /// Stops following.
    public func stop() {
        watch.stop()
        if descriptor >= 0 { close(descriptor) }
        descriptor = -1
    }

    public var isFinished: Bool { watch.isFinished }
    public var descriptors: [Int32] { watch.descriptors }
    public var deadline: ContinuousClock.Instant? { hasMore && !isFinished ? .now : watch.deadline }

    public func service(now: ContinuousClock.Instant, budget: Int) {
        self.budget = budget
        if hasMore { follow() }
        watch.service(now: now, budget: budget)
    }

    /// Reads the lines already there (for `fromStart`), at once rather than at the
    /// first change.
    public func readNow() {
        budget = Int.max
        follow()
    }

    private func open(fromStart: Bool) {
        #if canImport(Glibc)
            descriptor = Glibc.open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        #else
            descriptor = Darwin.open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        #endif
        guard descriptor >= 0 else { return }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { return }
        inode = UInt64(info.st_ino)
        offset = fromStart ? 0 : Int64(info.st_size)
        _ = lseek(descriptor, off_t(offset), SEEK_SET)
        lastByte = nil
        var byte: UInt8 = 0
        if offset > 0, pread(descriptor, &byte, 1, off_t(offset - 1)) == 1 { lastByte = byte }
    }

    /// Reads what was appended; follows truncation and rotation.
    private func follow() {
        if descriptor < 0 {
            open(fromStart: true)
            if descriptor < 0 { return }
        }
        var info = stat()
        if fstat(descriptor, &info) == 0, Int64(info.st_size) < offset || !lastByteIsUnchanged() {
            offset = 0  // truncated: read again from the start
            lastByte = nil
            _ = lseek(descriptor, 0, SEEK_SET)
        }
        var lines = readAppended()
        var current = stat()
        if stat(path, &current) != 0 || UInt64(current.st_ino) != inode {
            // Rotated or removed: the old file has been read to its end.
            if let last = splitter.finish() { lines.append(last) }
            close(descriptor)
            descriptor = -1
            open(fromStart: true)
            if descriptor >= 0 { lines += readAppended() }
        }
        if !lines.isEmpty { onLines(lines) }
    }

    private func lastByteIsUnchanged() -> Bool {
        guard let lastByte, offset > 0 else { return true }
        var byte: UInt8 = 0
        return pread(descriptor, &byte, 1, off_t(offset - 1)) == 1 && byte == lastByte
    }

    private func readAppended() -> [[UInt8]] {
        var lines: [[UInt8]] = []
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        var total = 0
        hasMore = false
        while true {
            if total >= budget {
                hasMore = true
                break
            }
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { break }
            total += count
            offset += Int64(count)
            lastByte = chunk[count - 1]
            lines += splitter.feed(chunk[0..<count])
        }
        return lines
    }
}
