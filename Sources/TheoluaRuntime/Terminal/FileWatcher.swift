#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Watches files for saves by polling their modification time, size and inode: this
/// sees editors' rename-over saves as well as truncate-then-write ones, on every
/// platform. A change is reported once the files have stayed the same for a short
/// settle time, so a save written in several steps reloads once.
final class FileWatcher {
    private struct Stamp: Equatable {
        var modified: Int64
        var size: Int64
        var inode: UInt64
    }

    /// How often files are checked.
    let interval: Duration
    /// How long files must stay unchanged before a change is reported.
    let settle: Duration
    private var stamps: [String: Stamp?] = [:]
    private var pendingSince: ContinuousClock.Instant?
    private var nextCheck: ContinuousClock.Instant

    init(interval: Duration = .milliseconds(50), settle: Duration = .milliseconds(30)) {
        self.interval = interval
        self.settle = settle
        nextCheck = ContinuousClock.now
    }

    /// Starts watching `files` (replacing the previous set) as they are now.
    func watch(_ files: [String]) {
        stamps = Dictionary(files.map { ($0, FileWatcher.stamp(of: $0)) }, uniquingKeysWith: { first, _ in first })
        pendingSince = nil
    }

    /// When the watcher next needs to run.
    var nextDeadline: ContinuousClock.Instant { nextCheck }

    /// Checks the files if it is time; returns true once a change has settled.
    func poll(now: ContinuousClock.Instant = .now) -> Bool {
        guard now >= nextCheck else { return false }
        nextCheck = now + interval
        var changed = false
        for (path, old) in stamps {
            let new = FileWatcher.stamp(of: path)
            if new != old {
                stamps[path] = new
                changed = true
            }
        }
        if changed {
            pendingSince = now
            nextCheck = now + settle
            return false
        }
        if let since = pendingSince, now - since >= settle {
            pendingSince = nil
            return true
        }
        return false
    }

    private static func stamp(of path: String) -> Stamp? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        #if canImport(Darwin)
            let modified = Int64(info.st_mtimespec.tv_sec) * 1_000_000_000 + Int64(info.st_mtimespec.tv_nsec)
        #else
            let modified = Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec)
        #endif
        return Stamp(modified: modified, size: Int64(info.st_size), inode: UInt64(info.st_ino))
    }
}
