import TheoluaRuntime

/// What the host gives its view script: the `ui.Latency` component, `ui.services.restart`,
/// and a line for each `ui.emit`. Everything here runs on the runtime's thread except
/// the restarts, which go to the fleet (an actor) from a task and reply from there.
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
            Task {
                do {
                    let snapshot = try await fleet.restart(name)
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

    /// Samples the fleet every `interval` and sends each snapshot to the running app,
    /// until the task is cancelled.
    public static func sampling(_ fleet: Fleet, into feed: RuntimeFeed, every interval: Duration) -> Task<Void, Never> {
        Task.detached {
            while !Task.isCancelled {
                try? await Task.sleep(for: interval)
                try? feed.update(props: await fleet.sample())
            }
        }
    }
}
