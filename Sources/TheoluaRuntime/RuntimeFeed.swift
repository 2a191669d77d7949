import TheoluaCore
import TheoluaLock
import TheoluaSystem

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The way into a running app from any thread or task (``Runtime/feed``): new props and
/// work sent here are applied on the runtime's thread at its next turn, in order, and
/// the events scripts emit come out as an `AsyncStream`.
///
/// ```swift
/// let feed = runtime.feed
/// Task.detached {
///     for await snapshot in services.updates { feed.update(props: snapshot.record) }
/// }
/// ```
///
/// A runtime serves its feed with its other input: `TerminalApp` wakes for it between
/// frames; a headless host calls ``Runtime/serviceIO(waitingUntil:)``. Props sent faster
/// than the app renders are coalesced (the latest wins, as a data push wants); work is
/// never dropped.
public final class RuntimeFeed: Sendable {
    /// One thing `ui.emit` sent.
    public struct Event: Sendable {
        public var name: String
        public var payload: Value
    }

    private struct Pending: Sendable {
        var props: Record?
        var work: [@Sendable (Runtime) -> Void] = []
        var streams: [Int: AsyncStream<Event>.Continuation] = [:]
        var nextStream = 0
    }

    private let pending = Locked(Pending())
    /// Written to wake the runtime's thread, read there.
    private let wake: (read: Int32, write: Int32)

    /// A feed; without a pipe (the process is out of descriptors) the runtime looks
    /// at it every few milliseconds instead of being woken.
    init() {
        var ends: [Int32] = [-1, -1]
        if pipe(&ends) == 0 {
            for end in ends {
                _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
                _ = fcntl(end, F_SETFD, FD_CLOEXEC)
            }
        } else {
            ends = [-1, -1]
        }
        wake = (ends[0], ends[1])
    }

    deinit {
        if wake.read >= 0 { close(wake.read) }
        if wake.write >= 0 { close(wake.write) }
        for continuation in pending.withLock({ $0.streams.values }) { continuation.finish() }
    }

    /// Mounts the app again with `props` at the runtime's next turn, keeping the state
    /// of its components (``Runtime/mount(props:)``); an error goes to `onError` and is
    /// shown. Callable from any thread.
    public func update(props: Record) {
        pending.withLock { $0.props = props }
        poke()
    }

    /// Runs `work` with the runtime on its thread at its next turn, after the props
    /// sent before it. Callable from any thread.
    public func perform(_ work: @escaping @Sendable (Runtime) -> Void) {
        pending.withLock { $0.work.append(work) }
        poke()
    }

    /// The events scripts emit with `ui.emit` from now on, for one reader (each call
    /// makes a stream of its own); it ends with the runtime.
    public func events(bufferingNewest limit: Int = 1024) -> AsyncStream<Event> {
        let (stream, continuation) = AsyncStream.makeStream(of: Event.self, bufferingPolicy: .bufferingNewest(limit))
        let number = pending.withLock { pending in
            defer { pending.nextStream += 1 }
            pending.streams[pending.nextStream] = continuation
            return pending.nextStream
        }
        continuation.onTermination = { [weak self] _ in
            _ = self?.pending.withLock { $0.streams.removeValue(forKey: number) }
        }
        return stream
    }

    /// Passes an emitted event to the streams.
    func emitted(_ name: String, _ payload: Value) {
        let streams = pending.withLock { Array($0.streams.values) }
        for continuation in streams { continuation.yield(Event(name: name, payload: payload)) }
    }

    private func poke() {
        guard wake.write >= 0 else { return }
        var byte: UInt8 = 1
        _ = write(wake.write, &byte, 1)
    }

    /// Whether anything waits to be applied (for a feed without a wake pipe).
    fileprivate var hasPending: Bool { pending.withLock { $0.props != nil || !$0.work.isEmpty } }

    /// Takes what was sent since the last time, emptying the wake pipe.
    fileprivate func take() -> (props: Record?, work: [@Sendable (Runtime) -> Void]) {
        var drain = [UInt8](repeating: 0, count: 64)
        while wake.read >= 0, read(wake.read, &drain, drain.count) > 0 {}
        return pending.withLock { pending in
            defer {
                pending.props = nil
                pending.work = []
            }
            return (pending.props, pending.work)
        }
    }

    fileprivate var wakeDescriptor: Int32 { wake.read }
}

/// The feed as one of the runtime's input sources: serviced with processes and watches.
final class FeedSource: IOSource {
    let feed: RuntimeFeed
    private unowned let runtime: Runtime

    init(feed: RuntimeFeed, runtime: Runtime) {
        self.feed = feed
        self.runtime = runtime
    }

    var descriptors: [Int32] { feed.wakeDescriptor >= 0 ? [feed.wakeDescriptor] : [] }
    var deadline: ContinuousClock.Instant? {
        feed.wakeDescriptor >= 0 || !feed.hasPending ? nil : .now
    }
    var isFinished: Bool { false }

    /// Mounts the latest props, then runs the work, in the turn servicing input.
    func service(now: ContinuousClock.Instant, budget: Int) {
        let (props, work) = feed.take()
        if let props {
            do {
                try runtime.mount(props: props)
            } catch {
                runtime.onError(error.description)
            }
        }
        for item in work { item(runtime) }
    }
}
