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
///
/// Every open, the first and each after a rotation, goes through the gate: a file
/// replaced by a link out of the grants, or by a device or a FIFO, is not followed.
/// Lines are cut at ``LineSplitter``'s limit and handed out in batches of at most
/// ``batchBytes``, so neither a file without newlines nor a huge one fills memory.
public final class FileTail: IOSource {
    /// Receives the complete lines read, in batches.
    public var onLines: ([[UInt8]]) -> Void = { _ in }

    private let path: String
    private let gate: FileGate
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

    /// The most bytes read for one batch of lines.
    public static let batchBytes = 1 << 20

    /// Follows `path` through `gate`; from its start when `fromStart`, else from its end.
    public init(path: String, fromStart: Bool, gate: FileGate) {
        self.path = path
        self.gate = gate
        watch = PathWatch(path: path, settle: .zero, gate: gate)
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
        self.budget = min(budget, Self.batchBytes)
        if hasMore { follow() }
        watch.service(now: now, budget: budget)
    }

    /// Reads the first batch of lines already there (for `fromStart`) at once rather
    /// than at the first change; the rest follows batch by batch.
    public func readNow() {
        budget = Self.batchBytes
        follow()
    }

    private func open(fromStart: Bool) {
        guard let opened = try? gate.openFile(path) else { return }
        descriptor = opened
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
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
        if !hasMore && currentInode() != inode {
            // Rotated or removed: the old file has been read to its end.
            if let last = splitter.finish() { lines.append(last) }
            close(descriptor)
            descriptor = -1
            open(fromStart: true)
            if descriptor >= 0 { lines += readAppended() }
        }
        if !lines.isEmpty { onLines(lines) }
    }

    /// The inode at the path now, reached through the gate; nil when there is none it
    /// lets through.
    private func currentInode() -> UInt64? {
        guard let entry = try? gate.openEntry(path) else { return nil }
        defer { closeDescriptor(entry) }
        var info = stat()
        return fstat(entry, &info) == 0 ? UInt64(info.st_ino) : nil
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
