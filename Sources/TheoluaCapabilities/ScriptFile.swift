import TheoluaSystem

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reading app scripts and modules: regular files of a sane size, read as bytes, so that
/// a string literal holds exactly the bytes of the file (as `luaL_loadbuffer` would see
/// them) and a path to `/dev/zero`, a FIFO or a folder is refused rather than read or
/// waited on for ever. Opened through a ``FileGate``: the one a caller gives (a module
/// must stay inside the app's folders), or one that lets every path through.
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
        /// Outside what the gate lets through.
        case outside(String, PermissionDenied)

        public var description: String {
            switch self {
            case .unreadable(let path): "cannot read \(path): no such file, or not readable"
            case .notAFile(let path, let kind): "cannot read \(path): it is a \(kind), not a file"
            case .tooLarge(let path, let bytes):
                "cannot read \(path): \(bytes) bytes is more than the \(ScriptFile.maximumBytes >> 20) MiB a script may have"
            case .outside(let path, let denial): "cannot read \(path): \(denial)"
            }
        }
    }

    /// The bytes of the file at `path`, opened through `gate` (by default, one that
    /// lets any path through).
    public static func read(_ path: String, through gate: FileGate? = nil) throws(Failure) -> [UInt8] {
        let descriptor = try openScript(path, through: gate)
        defer { close(descriptor) }
        return try readAll(descriptor, path: path)
    }

    /// Checks that `path` is a script that ``read(_:through:)`` would read, without
    /// reading it.
    public static func check(_ path: String) throws(Failure) {
        close(try openScript(path, through: nil))
    }

    /// Opens `path` if it is a readable regular file of at most the maximum size.
    private static func openScript(_ path: String, through gate: FileGate?) throws(Failure) -> Int32 {
        let descriptor: Int32
        do {
            descriptor = try (gate ?? FileGate(.all, relativeTo: ".")).openFile(path)
        } catch .notAFile(let kind) {
            throw .notAFile(path, kind: kind)
        } catch .denied(let denial) {
            throw .outside(path, denial)
        } catch {
            throw .unreadable(path)
        }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            close(descriptor)
            throw .unreadable(path)
        }
        guard status.st_size <= maximumBytes else {
            close(descriptor)
            throw .tooLarge(path, bytes: Int(status.st_size))
        }
        return descriptor
    }

    /// Everything `descriptor` gives until its end (standard input, say), at most
    /// ``maximumBytes`` (a file can grow while it is read); `path` names it in failures.
    public static func readAll(_ descriptor: Int32, path: String) throws(Failure) -> [UInt8] {
        do {
            return try Files.readAll(descriptor, limit: maximumBytes)
        } catch {
            if let bytes = error.tooLarge { throw .tooLarge(path, bytes: bytes) }
            throw .unreadable(path)
        }
    }
}
