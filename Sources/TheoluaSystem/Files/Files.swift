#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reading and writing files and folders already opened by a ``FileGate``.
public enum Files {
    /// An entry of a folder.
    public struct Entry: Sendable, Equatable {
        /// What an entry is (a link is reported as what it leads to, or `link` when that
        /// is missing or outside every grant).
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
        /// The bytes there were at least, when there were more than the limit.
        public var tooLarge: Int?

        public init(description: String, tooLarge: Int? = nil) {
            self.description = description
            self.tooLarge = tooLarge
        }
    }

    /// Everything `descriptor` gives until its end, at most `limit` bytes (a file can
    /// grow while it is read). A regular file larger than `limit` is refused before
    /// anything of it is read.
    public static func readAll(_ descriptor: Int32, limit: Int) throws(Failure) -> [UInt8] {
        // A regular file says its size: read straight into room for all of it (and a
        // byte more, to see its end), rather than through a chunk copied and grown.
        var info = stat()
        let expected = fstat(descriptor, &info) == 0 && info.st_mode & S_IFMT == S_IFREG ? Int(info.st_size) : 0
        guard expected <= limit else {
            throw Failure(description: "larger than \(limit >> 20) MiB", tooLarge: expected)
        }
        var bytes = [UInt8](repeating: 0, count: min(max(expected, 0), limit) + 1)
        var used = 0
        while true {
            if used == bytes.count {
                guard bytes.count <= limit else {
                    throw Failure(description: "larger than \(limit >> 20) MiB", tooLarge: bytes.count)
                }
                bytes += [UInt8](repeating: 0, count: min(max(bytes.count, 64 * 1024), limit + 1 - bytes.count))
            }
            let count = bytes.withUnsafeMutableBytes { buffer in
                systemRead(descriptor, buffer.baseAddress.map { $0 + used }, buffer.count - used)
            }
            if count < 0 && errno == EINTR { continue }
            if count < 0 { throw Failure(description: String(cString: strerror(errno))) }
            if count == 0 {
                bytes.removeSubrange(used...)
                return bytes
            }
            used += count
            guard used <= limit else {
                throw Failure(description: "larger than \(limit >> 20) MiB", tooLarge: used)
            }
        }
    }

    /// Writes all of `bytes` to `descriptor`; whether it could (`errno` says why not).
    static func writeAll(_ descriptor: Int32, _ bytes: [UInt8]) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { buffer in
                systemWrite(descriptor, buffer.baseAddress.map { $0 + offset }, buffer.count - offset)
            }
            if written < 0 && errno == EINTR { continue }
            guard written > 0 else { return false }
            offset += written
        }
        return true
    }

    /// The most entries a listing holds: a folder of millions of files is an error
    /// rather than a listing that fills memory.
    public static let listLimit = 1_000_000

    /// The entries of the folder open as `descriptor` (which this takes and closes), by
    /// name, without `.` and `..`. A link is described by what `follow(name)` finds at
    /// its target (nil: a `link`, as for one that leads nowhere).
    static func list(_ descriptor: Int32, follow: (String) -> stat?) throws(Failure) -> [Entry] {
        guard let folder = fdopendir(descriptor) else {
            closeDescriptor(descriptor)
            return []
        }
        defer { closedir(folder) }
        var entries: [Entry] = []
        while let entry = readdir(folder) {
            guard entries.count < listLimit else {
                throw Failure(description: "holds more than \(listLimit) entries")
            }
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name == "." || name == ".." { continue }
            var info = stat()
            guard fstatat(dirfd(folder), name, &info, AT_SYMLINK_NOFOLLOW) == 0 else { continue }
            var kind = Entry.Kind(info.st_mode)
            if kind == .link, let target = follow(name) {
                info = target
                kind = Entry.Kind(target.st_mode)
            }
            entries.append(
                Entry(
                    name: name, kind: kind, size: kind == .file ? Int64(info.st_size) : 0,
                    modified: modifiedSeconds(info)))
        }
        return entries.sorted { $0.name < $1.name }
    }

    static func modifiedSeconds(_ info: stat) -> Double {
        #if canImport(Darwin)
            Double(info.st_mtimespec.tv_sec) + Double(info.st_mtimespec.tv_nsec) / 1e9
        #else
            Double(info.st_mtim.tv_sec) + Double(info.st_mtim.tv_nsec) / 1e9
        #endif
    }

}

extension Files.Entry.Kind {
    /// The kind of a file of mode `mode`, as `lstat` gives it.
    init(_ mode: mode_t) {
        switch mode & S_IFMT {
        case S_IFREG: self = .file
        case S_IFDIR: self = .directory
        case S_IFLNK: self = .link
        default: self = .other
        }
    }
}

/// write(2).
@inline(__always)
func systemWrite(_ descriptor: Int32, _ buffer: UnsafeRawPointer?, _ count: Int) -> Int {
    #if canImport(Glibc)
        Glibc.write(descriptor, buffer, count)
    #else
        Darwin.write(descriptor, buffer, count)
    #endif
}

/// read(2).
@inline(__always)
func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    #if canImport(Glibc)
        Glibc.read(descriptor, buffer, count)
    #else
        Darwin.read(descriptor, buffer, count)
    #endif
}
