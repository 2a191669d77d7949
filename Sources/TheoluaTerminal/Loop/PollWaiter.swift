#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Blocks until input is readable, a signal is reported, or a deadline passes, using
/// poll(2) on the input descriptor and a ``SignalWatcher``'s self-pipe.
///
/// It is the one place the runtime sleeps: timers and the decoder's ESC timeout
/// become the deadline, so an idle app uses no CPU.
public struct PollWaiter {
    /// The descriptor to watch for input (the tty, or a pipe in tests).
    public let input: Int32
    /// The watcher whose signals to report, if any.
    public let signals: SignalWatcher?
    /// More descriptors to wake for (a file watcher's, say), reported when readable.
    public var extraDescriptors: [Int32] = []

    /// Creates a waiter on `input` and, optionally, a signal watcher.
    public init(input: Int32, signals: SignalWatcher?) {
        self.input = input
        self.signals = signals
    }

    /// Waits until input is ready, signals arrive or `deadline` passes (nil: no
    /// deadline). Returns at once if one already holds.
    ///
    /// Signal interruptions (EINTR) are retried; the signal itself is reported via the
    /// watcher. The deadline is never reported early.
    public func wait(until deadline: ContinuousClock.Instant?) throws(TerminalError) -> Wakeup {
        var entries = [pollfd(fd: input, events: Int16(POLLIN), revents: 0)]
        if let signals {
            entries.append(pollfd(fd: signals.descriptor, events: Int16(POLLIN), revents: 0))
        }
        let firstExtra = entries.count
        for descriptor in extraDescriptors {
            entries.append(pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0))
        }
        while true {
            let timeout = Self.timeoutMilliseconds(until: deadline)
            for index in entries.indices { entries[index].revents = 0 }
            let count = poll(&entries, nfds_t(entries.count), timeout)
            if count < 0 {
                if errno == EINTR { continue }
                throw .system(call: "poll", code: errno)
            }
            if count == 0 {
                guard let deadline, ContinuousClock.now >= deadline else { continue }
                return Wakeup(deadlineReached: true)
            }
            var wakeup = Wakeup(inputReady: entries[0].revents != 0)
            if signals != nil && entries[1].revents != 0, let signals {
                wakeup.signals = signals.drain()
            }
            wakeup.readyDescriptors = entries[firstExtra...].filter { $0.revents != 0 }.map(\.fd)
            if wakeup.inputReady || !wakeup.signals.isEmpty || !wakeup.readyDescriptors.isEmpty { return wakeup }
        }
    }

    /// The poll timeout for `deadline`, rounded up so the wait never ends early;
    /// -1 (forever) without a deadline.
    static func timeoutMilliseconds(until deadline: ContinuousClock.Instant?) -> Int32 {
        guard let deadline else { return -1 }
        let remaining = ContinuousClock.now.duration(to: deadline)
        guard remaining > .zero else { return 0 }
        let (seconds, attoseconds) = remaining.components
        let milliseconds = seconds * 1000 + (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000
        return Int32(clamping: milliseconds)
    }
}
