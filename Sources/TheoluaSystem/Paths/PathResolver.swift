import CTheoluaSystem

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Where an absolute path leads, found as the kernel finds it: one name at a time from
/// the root, `..` taking the folder reached so far back one step, and each symbolic link
/// replaced by its target. The part that does not exist (a file about to be created) is
/// kept as written, with `.` and `..` applied to it.
///
/// The walk holds a descriptor of each folder on the way and asks about one name at a
/// time (`fstatat`, `readlinkat`, `openat`), so it costs a few system calls per name:
/// linear in the path, which is at most `PATH_MAX` bytes and passes at most 40 links.
/// It only proposes: ``FileGate`` opens what it found with the kernel refusing any link
/// that appeared since, so a path changed in between is never opened.
enum PathResolver {
    /// The longest path taken, in bytes, as the kernel's own limit.
    static let maximumLength = Int(PATH_MAX)
    /// How many links one path may pass, as the kernel's own limit.
    static let maximumLinks = 40

    /// Where `path` (absolute) leads. `failure` is the system's error that stopped the
    /// walk (a folder that cannot be searched, a file where a folder was expected, a
    /// loop of links); the rest of the path is then kept as written.
    struct Resolution: Equatable {
        var path: String
        var failure: Int32?
    }

    static func resolve(_ path: String) -> Resolution {
        guard path.utf8.count <= maximumLength else { return Resolution(path: path, failure: ENAMETOOLONG) }
        var walk = Walk()
        defer { walk.close() }
        // Names still to take, the next last.
        var pending = path.split(separator: "/", omittingEmptySubsequences: true).reversed().map(String.init)
        var links = 0
        while let name = pending.popLast() {
            if walk.failure != nil || walk.missing {
                walk.appendLexically(name)
                continue
            }
            switch name {
            case ".": continue
            case "..":
                walk.up()
                continue
            default: break
            }
            var info = stat()
            guard fstatat(walk.descriptor, name, &info, AT_SYMLINK_NOFOLLOW) == 0 else {
                if errno == ENOENT {
                    walk.missing = true
                } else {
                    walk.failure = errno
                }
                walk.appendLexically(name)
                continue
            }
            switch info.st_mode & S_IFMT {
            case S_IFLNK:
                links += 1
                guard links <= maximumLinks, let target = readLink(name, in: walk.descriptor) else {
                    walk.failure = links > maximumLinks ? ELOOP : errno
                    walk.appendLexically(name)
                    continue
                }
                if target.hasPrefix("/") { walk.toRoot() }
                pending += target.split(separator: "/", omittingEmptySubsequences: true).reversed().map(String.init)
                guard pending.count <= maximumLength else {
                    walk.failure = ENAMETOOLONG
                    continue
                }
            case S_IFDIR:
                walk.enter(name)
            default:
                // A file ends the walk: more names after it are an error, as for the kernel.
                walk.enterFile(name, hasMore: pending.contains { $0 != "." })
            }
        }
        return Resolution(path: walk.path, failure: walk.failure)
    }

    /// The target of the link `name` in the folder open as `folder`.
    private static func readLink(_ name: String, in folder: Int32) -> String? {
        var buffer = [UInt8](repeating: 0, count: maximumLength + 1)
        let count = buffer.withUnsafeMutableBufferPointer { bytes in
            bytes.baseAddress.map { base in
                base.withMemoryRebound(to: CChar.self, capacity: bytes.count) {
                    readlinkat(folder, name, $0, bytes.count)
                }
            } ?? -1
        }
        guard count >= 0 else { return nil }
        guard count <= maximumLength else {
            errno = ENAMETOOLONG
            return nil
        }
        return String(decoding: buffer[0..<count], as: UTF8.self)
    }

    /// The folders walked so far, each held open, and what follows them.
    private struct Walk {
        /// The names from the root, each with its descriptor (the root's is first).
        private var names: [String] = []
        private var descriptors: [Int32] = [Walk.openRoot()]
        /// The names after the last folder that exists, or after a failure.
        private var tail: [String] = []
        /// A file the walk ended on.
        private var file: String?
        var missing = false
        var failure: Int32?

        var descriptor: Int32 { descriptors.last ?? -1 }

        var path: String {
            let all = names + (file.map { [$0] } ?? []) + tail
            return "/" + all.joined(separator: "/")
        }

        private static func openRoot() -> Int32 {
            open("/", FileGate.searchFlags)
        }

        mutating func enter(_ name: String) {
            let folder = openat(descriptor, name, FileGate.searchFlags | O_NOFOLLOW)
            guard folder >= 0 else {
                failure = errno
                tail.append(name)
                return
            }
            names.append(name)
            descriptors.append(folder)
        }

        mutating func enterFile(_ name: String, hasMore: Bool) {
            if hasMore {
                failure = ENOTDIR
                tail.append(name)
            } else {
                file = name
            }
        }

        mutating func up() {
            guard descriptors.count > 1 else { return }
            closeDescriptor(descriptors.removeLast())
            names.removeLast()
        }

        mutating func toRoot() {
            while descriptors.count > 1 { up() }
        }

        /// `name` after a missing folder or a failure: `.` and `..` applied as written.
        mutating func appendLexically(_ name: String) {
            switch name {
            case ".": break
            case "..":
                // Out of a folder that does not exist: the kernel finds nothing there.
                if missing && failure == nil { failure = ENOENT }
                if !tail.isEmpty { tail.removeLast() }
            default: tail.append(name)
            }
        }

        mutating func close() {
            for descriptor in descriptors where descriptor >= 0 { closeDescriptor(descriptor) }
            descriptors = []
        }
    }
}

/// close(2), named apart from the `close()` methods that call it.
@inline(__always)
func closeDescriptor(_ descriptor: Int32) {
    #if canImport(Glibc)
        _ = Glibc.close(descriptor)
    #else
        _ = Darwin.close(descriptor)
    #endif
}
