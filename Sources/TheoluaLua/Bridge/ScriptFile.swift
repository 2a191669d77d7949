#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reading app scripts and modules: regular files of a sane size, read as bytes, so that
/// a string literal holds exactly the bytes of the file (as `luaL_loadbuffer` would see
/// them) and a path to `/dev/zero`, a FIFO or a folder is refused rather than read or
/// waited on for ever.
public enum ScriptFile {
    /// The largest script or module, in bytes: 16 MiB.
    public static let maximumBytes = 16 << 20

    /// Why a script file cannot be read.
    public enum Failure: Error, Equatable, CustomStringConvertible {
        /// Nothing at the path, or no permission to open it.
        case unreadable(String)
        /// A folder, a device, a FIFO or a socket.
        case notAFile(String, kind: String)
        /// More than ``ScriptFile/maximumBytes``.
        case tooLarge(String, bytes: Int)

        public var description: String {
            switch self {
            case .unreadable(let path): "cannot read \(path): no such file, or not readable"
            case .notAFile(let path, let kind): "cannot read \(path): it is a \(kind), not a file"
            case .tooLarge(let path, let bytes):
                "cannot read \(path): \(bytes) bytes is more than the \(ScriptFile.maximumBytes >> 20) MiB a script may have"
            }
        }
    }

    /// The bytes of the file at `path`.
    public static func read(_ path: String) throws(Failure) -> [UInt8] {
        let descriptor = try openScript(path)
        defer { close(descriptor) }
        return try readAll(descriptor, path: path)
    }

    /// Checks that `path` is a script that ``read(_:)`` would read, without reading it.
    public static func check(_ path: String) throws(Failure) {
        close(try openScript(path))
    }

    /// Opens `path` if it is a readable regular file of at most the maximum size.
    private static func openScript(_ path: String) throws(Failure) -> Int32 {
        // Non-blocking, so that opening a FIFO does not wait for a writer.
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { throw .unreadable(path) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            close(descriptor)
            throw .unreadable(path)
        }
        if let kind = kindName(status.st_mode) {
            close(descriptor)
            throw .notAFile(path, kind: kind)
        }
        guard status.st_size <= maximumBytes else {
            close(descriptor)
            throw .tooLarge(path, bytes: Int(status.st_size))
        }
        return descriptor
    }

    /// The name of a file type other than a regular file, or nil for a regular file.
    private static func kindName(_ mode: mode_t) -> String? {
        switch mode & S_IFMT {
        case S_IFREG: nil
        case S_IFDIR: "folder"
        case S_IFIFO: "FIFO"
        case S_IFSOCK: "socket"
        case S_IFCHR, S_IFBLK: "device"
        default: "special file"
        }
    }

    /// Reads to the end, refusing to grow past the maximum (a file can grow while read).
    /// Everything `descriptor` gives until its end (standard input, say), at most
    /// ``maximumBytes``; `path` names it in failures.
    public static func readAll(_ descriptor: Int32, path: String) throws(Failure) -> [UInt8] {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = chunk.withUnsafeMutableBytes { systemRead(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw .unreadable(path)
            }
            if count == 0 { return bytes }
            guard bytes.count + count <= maximumBytes else { throw .tooLarge(path, bytes: bytes.count + count) }
            bytes.append(contentsOf: chunk[0..<count])
        }
    }
}

/// The C library's `read`, named apart from ``ScriptFile/read(_:)``.
private func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    read(descriptor, buffer, count)
}
