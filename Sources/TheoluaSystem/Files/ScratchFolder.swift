#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A fresh, empty folder of the process's own in the system's temporary folder, made
/// readable and writable by this user alone (`mkdtemp`), and removed with what is under
/// it, no link followed. For `theolua test`'s `t.scratch()`, and the path fuzzer's tree.
public final class ScratchFolder {
    /// The folder's absolute path, links resolved.
    public let path: String
    private var removed = false

    /// Makes the folder, named `prefix` and six random characters, in `$TMPDIR` (`/tmp`
    /// when unset).
    public init(prefix: String) throws(Files.Failure) {
        let base = getenv("TMPDIR").map { String(cString: $0) }.flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        var template = Array((base + "/" + prefix + "XXXXXX").utf8CString)
        let made = template.withUnsafeMutableBufferPointer { buffer in
            buffer.baseAddress.flatMap { mkdtemp($0) }.map { String(cString: $0) }
        }
        guard let made else {
            throw Files.Failure(description: "cannot make a folder in \(base): \(String(cString: strerror(errno)))")
        }
        path = Paths.resolved(made)
    }

    /// Removes the folder and everything in it. Idempotent.
    public func remove() {
        guard !removed else { return }
        removed = true
        Self.removeTree(path)
    }

    deinit {
        remove()
    }

    /// Removes `path` and what is under it, never following a link (a link is removed,
    /// not what it leads to).
    public static func removeTree(_ path: String) {
        var info = stat()
        guard lstat(path, &info) == 0 else { return }
        if info.st_mode & S_IFMT == S_IFDIR {
            for name in names(in: path) { removeTree(path + "/" + name) }
            rmdir(path)
        } else {
            unlink(path)
        }
    }

    /// The names in the folder at `path`, without `.` and `..`, sorted.
    public static func names(in path: String) -> [String] {
        guard let folder = opendir(path) else { return [] }
        defer { closedir(folder) }
        var names: [String] = []
        while let entry = readdir(folder) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names.sorted()
    }
}
