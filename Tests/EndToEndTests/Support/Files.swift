#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Small file helpers on the C library, so the tests need no Foundation.
enum Files {
    /// The whole file as UTF-8 text, or nil when it cannot be read.
    static func read(_ path: String) -> String? {
        guard let file = fopen(path, "rb") else { return nil }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = fread(&chunk, 1, chunk.count, file)
            if count > 0 { bytes.append(contentsOf: chunk[0..<count]) }
            if count < chunk.count { break }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Writes `text` to `path`, replacing it in place (same inode, as an editor that
    /// truncates and writes). Returns whether it worked.
    @discardableResult
    static func write(_ text: String, to path: String) -> Bool {
        guard let file = fopen(path, "wb") else { return false }
        let bytes = Array(text.utf8)
        let written = bytes.isEmpty ? 0 : fwrite(bytes, 1, bytes.count, file)
        return fclose(file) == 0 && written == bytes.count
    }

    /// Makes `path` and its missing parents.
    static func makeFolder(_ path: String) {
        var prefix = path.hasPrefix("/") ? "" : "."
        for part in path.split(separator: "/") {
            prefix += "/" + part
            mkdir(prefix, 0o755)
        }
    }

    /// The names in `folder` (without `.` and `..`), sorted; none when it cannot be read.
    static func names(in folder: String) -> [String] {
        guard let directory = opendir(folder) else { return [] }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names.sorted()
    }

    /// A new empty folder under the temporary directory.
    static func temporaryFolder() -> String {
        let base = getenv("TMPDIR").map { String(cString: $0) } ?? "/tmp"
        var template = Array((base + "/theolua-e2e-XXXXXX").utf8CString)
        return template.withUnsafeMutableBufferPointer { buffer -> String in
            guard let base = buffer.baseAddress, let made = mkdtemp(base) else { return "/tmp" }
            return String(cString: made)
        }
    }

    /// Removes `folder` and everything under it (links are removed, not followed).
    static func removeTree(_ folder: String) {
        guard folder != "/tmp", let directory = opendir(folder) else { return }
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
            }
            guard name != "." && name != ".." else { continue }
            let path = folder + "/" + name
            var info = stat()
            if lstat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR {
                removeTree(path)
            } else {
                unlink(path)
            }
        }
        closedir(directory)
        rmdir(folder)
    }
}

/// A temporary folder holding script files, removed by `remove()`.
struct ScriptFolder {
    let path: String

    init() {
        path = Files.temporaryFolder()
    }

    /// Writes `source` as `name` in the folder and returns its path.
    @discardableResult
    func write(_ name: String, _ source: String) -> String {
        let file = path + "/" + name
        Files.write(source, to: file)
        return file
    }

    /// Removes the folder and everything a test or the app made in it.
    func remove() {
        Files.removeTree(path)
    }
}
