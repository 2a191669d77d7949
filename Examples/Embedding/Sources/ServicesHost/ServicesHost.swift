import Foundation
import TheoluaRuntime

/// What the host gives its view script: the `ui.Latency` component, `ui.services.restart`,
/// and a line for each `ui.emit`. Everything here runs where the runtime runs except the
/// restarts, done on a thread of the host's (a service manager's call may take seconds),
/// which replies from there.
public enum ServicesHost {
    /// The view script, `services.lua` beside the package's `Examples/Embedding` folder.
    public static let script: String = {
        var path = #filePath
        for _ in 0..<3 {
            guard let slash = path.lastIndex(of: "/") else { return "services.lua" }
            path = String(path[..<slash])
        }
        return path + "/services.lua"
    }()

    /// Gets `runtime` ready for the view: call before loading it. `report` hears what
    /// the script tells the host.
    public static func install(on runtime: Runtime, fleet: Fleet, report: @escaping (String) -> Void) throws {
        try runtime.register(LatencyGraph.self, as: "Latency", schema: LatencyGraph.schema)
        let feed = runtime.feed
        // `ui.services.restart(name, callback)`: the restart happens on the fleet, the
        // view gets the new snapshot as props, and the script's callback the answer.
        try runtime.registerAsyncFunction("restart", in: "services") { arguments, reply in
            let name = arguments.first?.stringValue ?? ""
            Thread.detachNewThread {
                do {
                    let snapshot = try fleet.restart(name)
                    try feed.update(props: snapshot)
                    reply(.success(.string("restarting \(name)")))
                } catch {
                    reply(.failure(error))
                }
            }
        }
        // The handler runs on the runtime's thread, so it may use the host's own
        // state (here, `report`) without being `@Sendable`.
        runtime.onEmit = { name, payload in
            report("host received \(name): \(payload["name"]?.stringValue ?? "?")")
        }
    }

    /// Samples the fleet every `interval` on a thread of its own and sends each snapshot
    /// to the running app, until the sampler is stopped.
    public static func sampling(_ fleet: Fleet, into feed: RuntimeFeed, every interval: Duration) -> Sampler {
        let sampler = Sampler()
        let seconds = Double(interval.components.seconds) + Double(interval.components.attoseconds) / 1e18
        Thread.detachNewThread {
            while !sampler.isStopped {
                Thread.sleep(forTimeInterval: seconds)
                if sampler.isStopped { break }
                try? feed.update(props: fleet.sample())
            }
        }
        return sampler
    }
}

/// A running sampler, stopped by ``stop()``.
public final class Sampler: @unchecked Sendable {
    // @unchecked: `stopped` is read and written holding `lock`.
    private let lock = NSLock()
    private var stopped = false

    /// Stops sampling after the sample being taken, if one is.
    public func stop() { lock.withLock { stopped = true } }

    var isStopped: Bool { lock.withLock { stopped } }
}
