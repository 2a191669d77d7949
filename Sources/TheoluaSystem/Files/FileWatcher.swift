#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Watches the app's files for saves: hot reload's watcher.
///
/// On Linux it uses inotify on the files' folders, and on macOS and the BSDs kqueue on
/// the files and their folders, so the run loop sleeps until a file changes
/// (``descriptor`` is what to wait on). Both see editors' rename-over saves as well as
/// truncate-then-write ones. Where neither is available it polls each file's
/// modification time, size and inode. Either way a change is reported once the
/// files have been quiet for a short settle time, so a save written in several steps
/// reloads once.
public final class FileWatcher {
    private struct Stamp: Equatable {
        var modified: Int64
        var size: Int64
        var inode: UInt64
    }

    /// How often files are checked when polling.
    public let interval: Duration
    /// How long files must stay unchanged before a change is reported.
    public let settle: Duration
    private var stamps: [String: Stamp?] = [:]
    private var pendingSince: ContinuousClock.Instant?
    private var nextCheck: ContinuousClock.Instant
    #if os(Linux)
        private var notify: Int32 = -1
        /// File names watched in each watched folder, by watch descriptor.
        private var names: [Int32: Set<String>] = [:]
    #elseif canImport(Darwin)
        private var queue: Int32 = -1
        /// The descriptors kqueue watches: the files and their folders.
        private var opened: [Int32] = []
    #endif

    public init(interval: Duration = .milliseconds(50), settle: Duration = .milliseconds(30)) {
        self.interval = interval
        self.settle = settle
        nextCheck = ContinuousClock.now
    }

    deinit {
        #if os(Linux)
            if notify >= 0 { close(notify) }
        #elseif canImport(Darwin)
            for descriptor in opened { close(descriptor) }
            if queue >= 0 { close(queue) }
        #endif
    }

    /// The descriptor that becomes readable when a watched file changes, when the
    /// platform offers one; `nil` when the watcher polls.
    public var descriptor: Int32? {
        #if os(Linux)
            return notify >= 0 ? notify : nil
        #elseif canImport(Darwin)
            return queue >= 0 ? queue : nil
        #else
            return nil
        #endif
    }

    /// Starts watching `files` (replacing the previous set) as they are now.
    public func watch(_ files: [String]) {
        stamps = Dictionary(files.map { ($0, FileWatcher.stamp(of: $0)) }, uniquingKeysWith: { first, _ in first })
        pendingSince = nil
        #if os(Linux)
            watchFolders(of: files)
        #elseif canImport(Darwin)
            watchWithKqueue(files)
        #endif
    }

    /// When the watcher next needs to run: the end of a settle time, or the next poll;
    /// `nil` when it waits on ``descriptor`` with nothing pending.
    public var nextDeadline: ContinuousClock.Instant? {
        if let pendingSince { return pendingSince + settle }
        return descriptor == nil ? nextCheck : nil
    }

    /// Takes note of changes (reading inotify events, or polling if it is time); returns
    /// true once a change has settled.
    public func poll(now: ContinuousClock.Instant = .now) -> Bool {
        if sawChange(now: now) {
            pendingSince = now
            return false
        }
        if let since = pendingSince, now - since >= settle {
            pendingSince = nil
            return true
        }
        return false
    }

    private func sawChange(now: ContinuousClock.Instant) -> Bool {
        #if os(Linux)
            if notify >= 0 { return drainEvents() }
        #elseif canImport(Darwin)
            if queue >= 0 {
                guard drainQueue() else { return false }
                // Folder events also come from other files (an editor's swap file), and
                // a rename-over save leaves the old file's descriptor on a removed file:
                // watch the files as they are now, then see whether any changed.
                watchWithKqueue(Array(stamps.keys))
                return restamp()
            }
        #endif
        guard now >= nextCheck else { return false }
        nextCheck = now + interval
        return restamp()
    }

    /// Takes each file's stamp; returns whether any differs from the last one.
    private func restamp() -> Bool {
        var changed = false
        for (path, old) in stamps {
            let new = FileWatcher.stamp(of: path)
            if new != old {
                stamps[path] = new
                changed = true
            }
        }
        return changed
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

    private static func folder(of file: String) -> String {
        guard let slash = file.lastIndex(of: "/") else { return "." }
        let folder = String(file[..<slash])
        return folder.isEmpty ? "/" : folder
    }

    #if os(Linux)
        /// Watches the folders of `files` (a rename-over save replaces the file, so the
        /// folder is what stays), remembering which names matter in each.
        private func watchFolders(of files: [String]) {
            if notify >= 0 { close(notify) }
            names = [:]
            notify = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
            guard notify >= 0 else { return }
            let mask = UInt32(IN_CLOSE_WRITE | IN_MOVED_TO | IN_CREATE | IN_MODIFY | IN_DELETE | IN_ATTRIB)
            for file in files {
                let name = file.lastIndex(of: "/").map { String(file[file.index(after: $0)...]) } ?? file
                let watch = inotify_add_watch(notify, FileWatcher.folder(of: file), mask)
                guard watch >= 0 else {
                    // A folder we cannot watch: fall back to polling everything.
                    close(notify)
                    notify = -1
                    return
                }
                names[watch, default: []].insert(name)
            }
        }

        /// Reads every pending event; returns whether one named a watched file.
        private func drainEvents() -> Bool {
            InotifyEvents.drain(notify).contains { names[$0.watch]?.contains($0.name) == true }
        }
    #elseif canImport(Darwin)
        /// Watches `files` and their folders with kqueue, replacing the previous set: a
        /// file's own events catch writes in place, its folder's catch a file saved by
        /// renaming another over it, or created after being missing.
        private func watchWithKqueue(_ files: [String]) {
            for descriptor in opened { close(descriptor) }  // closing drops its events too
            opened = []
            if queue < 0 { queue = kqueue() }
            guard queue >= 0 else { return }
            var changes: [kevent] = []
            let folders = Set(files.map(FileWatcher.folder(of:))).sorted()
            for path in folders + files {
                let descriptor = open(path, O_EVTONLY)
                guard descriptor >= 0 else {
                    if folders.contains(path) { return stopQueue() }  // poll instead
                    continue  // a missing file: its folder reports its creation
                }
                opened.append(descriptor)
                changes.append(
                    kevent(
                        ident: UInt(descriptor), filter: Int16(EVFILT_VNODE), flags: UInt16(EV_ADD | EV_CLEAR),
                        fflags: UInt32(NOTE_WRITE | NOTE_EXTEND | NOTE_ATTRIB | NOTE_DELETE | NOTE_RENAME),
                        data: 0, udata: nil))
            }
            if kevent(queue, changes, Int32(changes.count), nil, 0, nil) < 0 { stopQueue() }
        }

        /// Gives up on kqueue: the watcher polls from now on.
        private func stopQueue() {
            for descriptor in opened { close(descriptor) }
            opened = []
            if queue >= 0 { close(queue) }
            queue = -1
        }

        /// Reads every pending event without waiting; returns whether there was one.
        private func drainQueue() -> Bool {
            var events: [kevent] = Array(repeating: kevent(), count: 32)
            var noWait = timespec(tv_sec: 0, tv_nsec: 0)
            var sawEvent = false
            while true {
                let count = kevent(queue, nil, 0, &events, Int32(events.count), &noWait)
                guard count > 0 else { break }
                sawEvent = true
                if count < events.count { break }
            }
            return sawEvent
        }
    #endif
}
