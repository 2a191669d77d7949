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
/// frames; a headless host calls ``Runtime/serviceIO(waitingUntil:)``. What was sent is
/// applied in the order it was sent; props sent one after another faster than the app
/// renders are coalesced (the latest wins, as a data push wants); work is never dropped.
/// The event streams end when the runtime does.
public final class RuntimeFeed: Sendable {
    /// One thing `ui.emit` sent.
    public struct Event: Sendable {
        public var name: String
        public var payload: Value
    }

    /// One thing sent: props to mount, or work to run.
    enum Item: Sendable {
        case props(Record)
        case work(@Sendable (Runtime) -> Void)
    }

    private struct Pending: Sendable {
        var items: [Item] = []
        var streams: [Int: AsyncStream<Event>.Continuation] = [:]
        var nextStream = 0
        var finished = false
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
        finish()
    }

    /// Ends the event streams: the runtime is gone (or going).
    func finish() {
        let streams = pending.withLock { pending in
            pending.finished = true
            defer { pending.streams = [:] }
            return Array(pending.streams.values)
        }
        for continuation in streams { continuation.finish() }
    }

    /// Mounts the app again with `props` at the runtime's next turn, keeping the state
    /// of its components (``Runtime/mount(props:)``); an error goes to `onError` and is
    /// shown. Callable from any thread.
    public func update(props: Record) {
        pending.withLock { pending in
            if case .props = pending.items.last {
                pending.items[pending.items.count - 1] = .props(props)
            } else {
                pending.items.append(.props(props))
            }
        }
        poke()
    }

    /// The same with props from any `Encodable` (a struct or a dictionary), encoded
    /// here, on the caller's thread; a value that does not encode as a record of
    /// fields throws, and nothing is sent.
    public func update<Props: Encodable>(props: Props) throws {
        update(props: try Record(encoding: props))
    }

    /// Runs `work` with the runtime on its thread at its next turn, after the props
    /// sent before it. Callable from any thread.
    public func perform(_ work: @escaping @Sendable (Runtime) -> Void) {
        pending.withLock { $0.items.append(.work(work)) }
        poke()
    }

    /// The events scripts emit with `ui.emit` from now on, for one reader (each call
    /// makes a stream of its own); it ends with the runtime.
    public func events(bufferingNewest limit: Int = 1024) -> AsyncStream<Event> {
        let (stream, continuation) = AsyncStream.makeStream(of: Event.self, bufferingPolicy: .bufferingNewest(limit))
        let number = pending.withLock { pending -> Int? in
            guard !pending.finished else { return nil }
            defer { pending.nextStream += 1 }
            pending.streams[pending.nextStream] = continuation
            return pending.nextStream
        }
        guard let number else {
            continuation.finish()
            return stream
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



    /// Takes what was sent since the last time, in order, emptying the wake pipe.
    fileprivate func take() -> [Item] {
        var drain = [UInt8](repeating: 0, count: 64)
        while wake.read >= 0, read(wake.read, &drain, drain.count) > 0 {}
        return pending.withLock { pending in
            defer { pending.items = [] }
            return pending.items
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
    /// Without a wake pipe, a look every 10 ms.
    var deadline: ContinuousClock.Instant? { feed.wakeDescriptor >= 0 ? nil : .now + .milliseconds(10) }
    var isFinished: Bool { false }

    /// Mounts the props and runs the work sent, in order, in the turn servicing input.
    func service(now: ContinuousClock.Instant, budget: Int) {
        for item in feed.take() {
            switch item {
            case .props(let props):
                do {
                    try runtime.mount(props: props)
                } catch {
                    runtime.onError(error.description)
                }
            case .work(let work):
                work(runtime)
            }
        }
    }
}
