#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reports changes to one path, a file or a folder: its content, its entries (for a
/// folder), and its replacement, creation or removal.
///
/// On Linux it uses inotify on the path and on its folder (which sees a file replaced by
/// a rename, or created after being missing), so it costs nothing until something
/// changes; elsewhere it polls the path's modification time, size and inode. A change
/// is reported once the path has been quiet for `settle`, so a save written in steps
/// is one change.
///
/// Given a gate, it reaches the path and its folder only through the gate: what it
/// watches is what the gate opened (inotify through `/proc/self/fd`), so a path
/// swapped for a link out of the grants is not watched there.
public final class PathWatch: IOSource {
    /// Called once a change has settled.
    public var onChange: () -> Void = {}

    private let path: String
    private let name: String
    private let settle: Duration
    private let pollInterval: Duration
    private let gate: FileGate?
    private var stamp: Stamp?
    private var pendingSince: ContinuousClock.Instant?
    private var nextPoll: ContinuousClock.Instant?
    private var stopped = false
    #if os(Linux)
        private var notify: Int32 = -1
        private var selfWatch: Int32 = -1
        private var folderWatch: Int32 = -1
    #endif

    private struct Stamp: Equatable {
        var modified: Double
        var size: Int64
        var inode: UInt64
    }

    /// Watches `path` (absolute), through `gate` when given, reporting changes
    /// `settle` after the last one.
    public init(
        path: String, settle: Duration = .milliseconds(30), pollInterval: Duration = .milliseconds(250),
        gate: FileGate? = nil
    ) {
        self.path = path
        self.name = path.split(separator: "/").last.map(String.init) ?? path
        self.settle = settle
        self.pollInterval = pollInterval
        self.gate = gate
        stamp = Self.stamp(of: path, gate: gate)
        #if os(Linux)
            notify = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
            if notify >= 0 {
                folderWatch = addWatch(
                    Paths.parent(of: path),
                    UInt32(IN_CREATE | IN_MOVED_TO | IN_MOVED_FROM | IN_DELETE | IN_CLOSE_WRITE | IN_MODIFY | IN_ATTRIB)
                )
                watchSelf()
                if folderWatch < 0 && selfWatch < 0 {
                    close(notify)
                    notify = -1
                }
            }
            if notify < 0 { nextPoll = .now + pollInterval }
        #else
            nextPoll = .now + pollInterval
        #endif
    }

    deinit {
        #if os(Linux)
            if notify >= 0 { close(notify) }
        #endif
    }

    /// Stops reporting; the reactor drops the watch.
    public func stop() {
        stopped = true
        #if os(Linux)
            if notify >= 0 { close(notify) }
            notify = -1
        #endif
    }

    public var isFinished: Bool { stopped }

    public var descriptors: [Int32] {
        #if os(Linux)
            return notify >= 0 ? [notify] : []
        #else
            return []
        #endif
    }

    public var deadline: ContinuousClock.Instant? {
        if stopped { return nil }
        if let pendingSince { return pendingSince + settle }
        return nextPoll
    }

    public func service(now: ContinuousClock.Instant, budget: Int) {
        guard !stopped else { return }
        if sawChange(now: now) {
            pendingSince = now
            if settle > .zero { return }
        }
        if let since = pendingSince, now - since >= settle {
            pendingSince = nil
            onChange()
        }
    }

    private func sawChange(now: ContinuousClock.Instant) -> Bool {
        #if os(Linux)
            if notify >= 0 {
                let changed = drainEvents()
                if changed { watchSelf() }  // the path may be a new file now
                return changed
            }
        #endif
        guard let due = nextPoll, now >= due else { return false }
        nextPoll = now + pollInterval
        let new = Self.stamp(of: path, gate: gate)
        guard new != stamp else { return false }
        stamp = new
        return true
    }

    private static func stamp(of path: String, gate: FileGate?) -> Stamp? {
        var info = stat()
        if let gate {
            guard let entry = try? gate.openEntry(path) else { return nil }
            defer { closeDescriptor(entry) }
            guard fstat(entry, &info) == 0 else { return nil }
        } else {
            guard stat(path, &info) == 0 else { return nil }
        }
        return Stamp(modified: Files.modifiedSeconds(info), size: Int64(info.st_size), inode: UInt64(info.st_ino))
    }

    #if os(Linux)
        /// Watches the path itself (what a folder's entries do, a file's writes).
        private func watchSelf() {
            let mask = UInt32(
                IN_MODIFY | IN_CLOSE_WRITE | IN_ATTRIB | IN_CREATE | IN_DELETE | IN_MOVED_FROM | IN_MOVED_TO
                    | IN_DELETE_SELF | IN_MOVE_SELF)
            selfWatch = addWatch(path, mask)
        }

        /// An inotify watch of `path`: of what the gate opens there, when there is a gate.
        private func addWatch(_ path: String, _ mask: UInt32) -> Int32 {
            guard let gate else { return inotify_add_watch(notify, path, mask) }
            guard let entry = try? gate.openEntry(path) else { return -1 }
            defer { closeDescriptor(entry) }
            return inotify_add_watch(notify, "/proc/self/fd/\(entry)", mask)
        }

        /// Reads every pending event; returns whether one concerned the path.
        private func drainEvents() -> Bool {
            InotifyEvents.drain(notify).contains { event in
                (event.watch == selfWatch && event.watch != folderWatch)
                    || (event.watch == folderWatch && event.name == name)
            }
        }
    #endif
}
