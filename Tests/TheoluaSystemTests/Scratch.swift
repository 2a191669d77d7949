#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A fresh folder under /tmp for one test, removed by ``remove()``.
struct Scratch {
    let path: String

    init() {
        var template = Array("/tmp/theolua-system-XXXXXX".utf8CString)
        let made = template.withUnsafeMutableBufferPointer { buffer in buffer.baseAddress.flatMap { mkdtemp($0) } }
        path = made.map { String(cString: $0) } ?? "/tmp"
    }

    /// Writes `text` to `name` in the folder; returns its path.
    @discardableResult
    func write(_ name: String, _ text: String, appending: Bool = false) -> String {
        let file = path + "/" + name
        guard let handle = fopen(file, appending ? "a" : "w") else { return file }
        fputs(text, handle)
        fclose(handle)
        return file
    }

    func folder(_ name: String) -> String {
        mkdir(path + "/" + name, 0o755)
        return path + "/" + name
    }

    func link(_ name: String, to target: String) {
        symlink(target, path + "/" + name)
    }

    func remove() {
        _ = system("rm -rf '\(path)'")
    }
}

/// Waits up to two seconds for process `pid` to end: gone, or a zombie waiting for a
/// parent (an orphan's new parent may reap it late).
func processEnds(_ pid: pid_t) -> Bool {
    for _ in 0..<200 {
        guard kill(pid, 0) == 0 else { return true }
        if let file = fopen("/proc/\(pid)/stat", "r") {
            var buffer = [CChar](repeating: 0, count: 512)
            let line = fgets(&buffer, Int32(buffer.count), file).map { _ in
                String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            }
            fclose(file)
            if let line, let close = line.lastIndex(of: ")"), line[close...].dropFirst(2).hasPrefix("Z") { return true }
        }
        usleep(10_000)
    }
    return false
}
