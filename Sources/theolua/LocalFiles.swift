import TheoluaSystem

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Files as the `theolua` tool reads and writes them (a new app's, a bundle's), through
/// POSIX calls.
enum LocalFiles {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// The running binary's path, links resolved.
    static func executablePath() -> String? {
        var buffer = [CChar](repeating: 0, count: 4096)
        #if canImport(Darwin)
            var size = UInt32(buffer.count)
            guard _NSGetExecutablePath(&buffer, &size) == 0 else { return nil }
            guard let resolved = realpath(buffer, nil) else { return nil }
            defer { free(resolved) }
            return String(cString: resolved)
        #else
            let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
            guard count > 0 else { return nil }
            return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        #endif
    }

    /// The names in the folder at `path` (without `.` and `..`), or nil when it is not one.
    static func entries(of path: String) -> [String]? {
        guard let directory = opendir(path) else { return nil }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names
    }

    /// The trailer of the executable at `path`, if it carries an app.
    static func trailer(of path: String) -> BundleTrailer? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { return nil }
        return BundleTrailer(descriptor: descriptor, size: Int(info.st_size))
    }

    /// The payload `trailer` points to in the executable at `path`.
    static func payload(of path: String, _ trailer: BundleTrailer) -> BundlePayload? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var bytes = [UInt8](repeating: 0, count: trailer.length)
        var done = 0
        while done < trailer.length {
            let count = bytes.withUnsafeMutableBytes { buffer in
                pread(
                    descriptor, buffer.baseAddress.map { $0 + done }, trailer.length - done,
                    off_t(trailer.offset + done))
            }
            guard count > 0 else { return nil }
            done += count
        }
        return BundlePayload(decoding: bytes)
    }

    /// The folder a path is in (`.` for a bare name).
    static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// A path's last component.
    static func name(of path: String) -> String {
        path.lastIndex(of: "/").map { String(path[path.index(after: $0)...]) } ?? path
    }

    /// The regular files under `folder`, hidden names and links left out, with paths
    /// relative to it: at most `limit` bytes in all, a file refused by its size before it
    /// is read.
    static func collect(_ folder: String, limit: Int) throws -> [BundlePayload.File] {
        var files: [BundlePayload.File] = []
        var total = 0
        func visit(_ relative: String) throws {
            let path = relative.isEmpty ? folder : folder + "/" + relative
            guard let names = entries(of: path) else { throw Failure(description: "cannot list \(path)") }
            for name in names.sorted() where !name.hasPrefix(".") {
                let child = relative.isEmpty ? name : relative + "/" + name
                var info = stat()
                guard lstat(folder + "/" + child, &info) == 0 else { continue }
                switch info.st_mode & S_IFMT {
                case S_IFDIR:
                    try visit(child)
                case S_IFREG:
                    guard Int(info.st_size) <= limit - total else {
                        throw Failure(description: "more than \(limit >> 20) MiB in \(folder)")
                    }
                    let bytes = try read(folder + "/" + child, limit: limit - total)
                    total += bytes.count
                    files.append(BundlePayload.File(path: child, mode: UInt32(info.st_mode & 0o777), bytes: bytes))
                default:
                    continue
                }
            }
        }
        try visit("")
        return files
    }

    /// The regular file at `path`, at most `limit` bytes: a larger one is refused before
    /// it is read, and a FIFO, a device or a folder without being opened for reading.
    static func read(_ path: String, limit: Int) throws -> [UInt8] {
        do {
            return try FileGate(.all, relativeTo: ".").read(path, limit: limit)
        } catch {
            throw Failure(description: "cannot read \(path): \(error)")
        }
    }

    /// Writes `bytes` as the file at `path` with `mode`, through a new file beside it
    /// (made with `O_EXCL` under a random name, so nothing planted there is written
    /// through) renamed over it, so that a reader never sees half of it.
    static func write(_ bytes: [UInt8], to path: String, mode: mode_t) throws {
        do {
            try FileGate(.all, relativeTo: ".", for: .write).replaceFile(
                path, with: bytes, mode: mode, followingLinks: true)
        } catch {
            throw Failure(description: error.description)
        }
    }

    /// Writes the payload's files under `folder` (made, private), then `.complete`
    /// holding the app's path: a folder without it is not used.
    static func unpack(_ payload: BundlePayload, into folder: String) throws {
        guard mkdir(folder, 0o700) == 0 else { throw Failure(description: "cannot make \(folder)") }
        for file in payload.files {
            let parts = file.path.split(separator: "/", omittingEmptySubsequences: false)
            guard !file.path.hasPrefix("/"), !parts.contains(where: { $0.isEmpty || $0 == "." || $0 == ".." }) else {
                throw Failure(description: "a path that leaves the folder: \(file.path)")
            }
            var made = folder
            for part in parts.dropLast() {
                made += "/" + part
                if mkdir(made, 0o700) != 0 && errno != EEXIST { throw Failure(description: "cannot make \(made)") }
            }
            try write(file.bytes, to: folder + "/" + file.path, mode: mode_t(file.mode & 0o700))
        }
        try write(Array(payload.entry.utf8), to: folder + "/.complete", mode: 0o600)
    }

    /// Folders only this user may write to, where bundles unpack: under
    /// `$XDG_RUNTIME_DIR`, else `/tmp/theolua-UID`, made if missing; one that another
    /// user owns or could write to is passed over.
    static func privateFolders() -> [String] {
        var bases: [String] = []
        if let runtime = getenv("XDG_RUNTIME_DIR").map({ String(cString: $0) }), !runtime.isEmpty {
            bases.append(runtime + "/theolua")
        }
        bases.append("/tmp/theolua-\(getuid())")
        return bases.filter { base in
            if mkdir(base, 0o700) != 0 && errno != EEXIST { return false }
            var info = stat()
            guard lstat(base, &info) == 0 else { return false }
            return info.st_mode & S_IFMT == S_IFDIR && info.st_uid == getuid() && info.st_mode & 0o077 == 0
        }
    }

    static func exists(_ path: String) -> Bool {
        access(path, F_OK) == 0
    }

    /// Removes `path` and what it holds, as far as it can.
    static func remove(_ path: String) {
        var info = stat()
        guard lstat(path, &info) == 0 else { return }
        if info.st_mode & S_IFMT == S_IFDIR, let names = entries(of: path) {
            for name in names { remove(path + "/" + name) }
            rmdir(path)
        } else {
            unlink(path)
        }
    }
}
