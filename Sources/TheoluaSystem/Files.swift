#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reading files and folders, for scripts granted `--allow-read`.
public enum Files {
    /// An entry of a folder.
    public struct Entry: Sendable, Equatable {
        /// What an entry is (a link is reported as what it points to, or `link` when
        /// that is missing).
        public enum Kind: String, Sendable {
            case file, directory, link, other
        }

        public var name: String
        public var kind: Kind
        /// Bytes, for files.
        public var size: Int64
        /// Seconds since 1970 of the last modification.
        public var modified: Double
    }

    /// What went wrong, in the system's words (the caller names the path).
    public struct Failure: Error, Sendable, CustomStringConvertible {
        public var description: String
    }

    /// The whole content of the regular file at `path`, at most `limit` bytes.
    public static func read(_ path: String, limit: Int) throws(Failure) -> [UInt8] {
        // Opened without blocking, so that a FIFO with no writer cannot hang the app;
        // only regular files are read (not a FIFO, a device or a socket).
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { throw failure(path) }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw failure(path) }
        switch info.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFDIR: throw Failure(description: "is a folder")
        default: throw Failure(description: "is not a regular file")
        }
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK)
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = chunk.withUnsafeMutableBytes { systemRead(descriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            if count < 0 { throw failure(path) }
            if count == 0 { break }
            bytes += chunk[0..<count]
            if bytes.count > limit {
                throw Failure(description: "larger than \(limit >> 20) MiB")
            }
        }
        return bytes
    }

    /// The entries of the folder at `path`, by name, without `.` and `..`.
    public static func list(_ path: String) throws(Failure) -> [Entry] {
        guard let folder = opendir(path) else { throw failure(path) }
        defer { closedir(folder) }
        var entries: [Entry] = []
        while let entry = readdir(folder) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name == "." || name == ".." { continue }
            entries.append(describe(name, in: path))
        }
        return entries.sorted { $0.name < $1.name }
    }

    private static func describe(_ name: String, in folder: String) -> Entry {
        let path = folder.hasSuffix("/") ? folder + name : folder + "/" + name
        var info = stat()
        var kind = Entry.Kind.other
        if stat(path, &info) != 0 {
            guard lstat(path, &info) == 0 else { return Entry(name: name, kind: .other, size: 0, modified: 0) }
            kind = .link  // a link to nothing
        } else {
            switch info.st_mode & S_IFMT {
            case S_IFREG: kind = .file
            case S_IFDIR: kind = .directory
            default: kind = .other
            }
        }
        return Entry(
            name: name, kind: kind, size: kind == .file ? Int64(info.st_size) : 0, modified: modifiedSeconds(info))
    }

    static func modifiedSeconds(_ info: stat) -> Double {
        #if canImport(Darwin)
            Double(info.st_mtimespec.tv_sec) + Double(info.st_mtimespec.tv_nsec) / 1e9
        #else
            Double(info.st_mtim.tv_sec) + Double(info.st_mtim.tv_nsec) / 1e9
        #endif
    }

    private static func failure(_: String) -> Failure {
        Failure(description: String(cString: strerror(errno)))
    }
}

/// read(2), named apart from ``Files/read(_:limit:)``.
@inline(__always)
func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    #if canImport(Glibc)
        Glibc.read(descriptor, buffer, count)
    #else
        Darwin.read(descriptor, buffer, count)
    #endif
}
