#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Something the reactor services: processes, watches and tails.
public protocol IOSource: AnyObject {
    /// The descriptors whose readability wakes the source.
    var descriptors: [Int32] { get }
    /// When the source needs servicing without a descriptor waking it (a poll, a grace
    /// period, a settle time); `nil` for never.
    var deadline: ContinuousClock.Instant? { get }
    /// Whether the source is done: the reactor drops it.
    var isFinished: Bool { get }
    /// Does what is ready now, without blocking, reading at most about `budget` bytes.
    func service(now: ContinuousClock.Instant, budget: Int)
}

/// The single-threaded event source for side effects: it knows which descriptors to
/// wait on and services what became ready, calling each source's handlers on the
/// caller's thread. Hosts wait on ``descriptors`` until ``nextDeadline`` along with
/// their own input (the terminal app does), or call ``wait(until:)`` (headless).
///
/// Nothing here starts threads: a process's output is read when the run loop wakes,
/// a bounded amount per source at a time, so that a flood of output cannot starve keys.
public final class IOReactor {
    private var sources: [any IOSource] = []

    /// Bytes read from one source per ``service()``: about a frame's worth of lines.
    public var readBudget = 64 * 1024

    public init() {}

    /// Adds `source`, serviced from now on until it finishes (once, however often it
    /// is added).
    public func add(_ source: any IOSource) {
        guard !sources.contains(where: { $0 === source }) else { return }
        sources.append(source)
    }

    /// The sources not yet finished.
    public var activeSources: [any IOSource] {
        sources.removeAll { $0.isFinished }
        return sources
    }

    /// The descriptors to wait on for reading.
    public var descriptors: [Int32] { activeSources.flatMap(\.descriptors) }

    /// The earliest deadline of a source.
    public var nextDeadline: ContinuousClock.Instant? { activeSources.compactMap(\.deadline).min() }

    /// Services every source that is ready now (a readable descriptor or a deadline
    /// passed), without waiting. Returns whether any was.
    @discardableResult
    public func service() -> Bool {
        ProcessJobs.reapAdopted()
        let active = activeSources
        guard !active.isEmpty else { return false }
        var entries = active.flatMap(\.descriptors).map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
        var ready: Set<Int32> = []
        if !entries.isEmpty, poll(&entries, nfds_t(entries.count), 0) > 0 {
            ready = Set(entries.filter { $0.revents != 0 }.map(\.fd))
        }
        let now = ContinuousClock.now
        var serviced = false
        for source in active {
            let due = source.deadline.map { $0 <= now } ?? false
            guard due || source.descriptors.contains(where: ready.contains) else { continue }
            source.service(now: now, budget: readBudget)
            serviced = true
        }
        return serviced
    }

    /// Waits until a descriptor is readable or a deadline (the sources', or
    /// `deadline`) passes, then services what is ready. Returns whether any source was.
    @discardableResult
    public func wait(until deadline: ContinuousClock.Instant?) -> Bool {
        var entries = descriptors.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
        let wakeAt = [deadline, nextDeadline].compactMap { $0 }.min()
        let timeout: Int32
        if let wakeAt {
            let remaining = ContinuousClock.now.duration(to: wakeAt)
            let milliseconds =
                remaining.components.seconds * 1000 + remaining.components.attoseconds / 1_000_000_000_000_000
            timeout = remaining <= .zero ? 0 : Int32(clamping: milliseconds + 1)
        } else {
            timeout = -1
        }
        if entries.isEmpty {
            if timeout > 0 { usleep(UInt32(clamping: Int(timeout) * 1000)) }
        } else {
            _ = poll(&entries, nfds_t(entries.count), timeout)
        }
        return service()
    }
}
