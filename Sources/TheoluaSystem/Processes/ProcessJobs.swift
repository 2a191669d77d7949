import CTheoluaSystem
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The processes one runtime's scripts start, each a job: the process, its process
/// group, and everything started under it, even what left the group.
///
/// A process's group is where `kill(-group)` reaches, but a grandchild can leave it
/// (`setsid`, a daemon's double fork). So every process started here carries an entry
/// `THEOLUA_JOB=<theolua's pid>.<runtime>.<process>` in its environment, which its
/// descendants inherit, and a job is ended through the process table (Linux's `/proc`):
/// the group's members, the processes carrying the job's entry, and every descendant of
/// those. Where there is no process table only the group is reached.
///
/// What cannot be caught this way: a descendant that leaves the group, clears its
/// environment and has no ancestor left among the job's processes. The theolua command
/// adopts orphans (``adoptOrphans()``), so such a process is still its child and is
/// ended when theolua ends; a stricter bound is a container or a cgroup around theolua
/// (docs/lua-api.md, "The threat model").
public final class ProcessJobs {
    private static let namespaces = Atomic<Int>(0)

    /// The environment entry's beginning shared by this runtime's jobs.
    public let prefix: String
    private var serial = 0

    public init() {
        let namespace = Self.namespaces.add(1, ordering: .relaxed).newValue
        prefix = "\(Self.variable)=\(getpid()).\(namespace)."
    }

    /// The environment variable that marks a job.
    public static let variable = "THEOLUA_JOB"

    /// The environment entry for the next process started.
    func nextMarker() -> String {
        serial += 1
        return prefix + String(serial)
    }

    /// Ends every job of this runtime, the running processes and what they or finished
    /// ones left behind: SIGTERM, then SIGKILL to what is left after `grace`. Reaps the
    /// processes (`processes`, the ones still running) and reports them ended.
    public func end(_ processes: [Subprocess], grace: Duration) {
        guard serial > 0 else { return }  // nothing was started: nothing to look for
        let groups = processes.filter(\.isRunning).map(\.pid)
        if !signalUntilQuiet(SIGTERM, groups: groups, for: grace, reaping: processes) {
            signalUntilQuiet(SIGKILL, groups: groups, for: .milliseconds(200), reaping: processes)
        }
        Subprocess.reapEnded(processes, waiting: true)
    }

    /// Sends `signal` to this runtime's jobs until two scans in a row, 5 ms apart, find
    /// nothing left, or `duration` passes; returns whether they did. A process forking
    /// while the table is read can hold a child the scan did not list, so one empty
    /// scan is not enough; what appears meanwhile gets the signal too.
    @discardableResult
    private func signalUntilQuiet(
        _ signal: Int32, groups: [pid_t], for duration: Duration, reaping processes: [Subprocess]
    ) -> Bool {
        let limit = ContinuousClock.now + duration
        var quiet = Self.signal(signal, groups: groups, marker: prefix, prefix: true) == 0 ? 1 : 0
        while ContinuousClock.now < limit {
            usleep(5_000)
            Subprocess.reapEnded(processes)
            quiet = Self.signal(signal, groups: groups, marker: prefix, prefix: true) == 0 ? quiet + 1 : 0
            if quiet >= 2 { return true }
        }
        return false
    }

    /// Sends `signal` (0: only counts) to the processes of `groups`, those whose
    /// environment holds `marker` (or an entry starting with it when `prefix`), and
    /// their descendants. Returns how many live processes it reached.
    @discardableResult
    static func signal(_ signal: Int32, groups: [pid_t], marker: String?, prefix: Bool) -> Int {
        var table = [theolua_process](repeating: theolua_process(), count: tableCapacity)
        let count = groups.withUnsafeBufferPointer { groups in
            table.withUnsafeMutableBufferPointer { table in
                if let marker {
                    return theolua_signal_jobs(
                        signal, groups.baseAddress, groups.count, marker, prefix ? 1 : 0, 0, table.baseAddress,
                        table.count)
                }
                return theolua_signal_jobs(
                    signal, groups.baseAddress, groups.count, nil, 0, 0, table.baseAddress, table.count)
            }
        }
        return count
    }

    /// How many processes a scan of the process table holds at most.
    private static let tableCapacity = 32_768

    // MARK: The whole process

    /// Makes this process adopt every orphaned descendant (Linux's
    /// `PR_SET_CHILD_SUBREAPER`), so that a process a script started stays reachable
    /// after its parent ends, and ``endEverything(grace:)`` ends it. Only for a process
    /// whose every child is one a script started, such as the theolua command: an
    /// embedding host with children of its own should not. Returns whether it could.
    @discardableResult
    public static func adoptOrphans() -> Bool {
        theolua_adopt_orphans() == 0
    }

    /// Reaps the adopted orphans that have exited; the run loop calls it each turn.
    static func reapAdopted() {
        theolua_reap_adopted()
    }

    /// Ends every process any script of this process started, and what they started:
    /// for the ways out of the process (`atexit`, a termination signal's handler).
    /// Async-signal-safe.
    public static let endEverything: @convention(c) () -> Void = { theolua_children_end_all(500) }
}
