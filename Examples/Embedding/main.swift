// An embedding host: a Swift program that gives itself a scriptable terminal UI.
//
// It registers a native Swift component (`ui.Meter`), feeds Swift data into the Lua UI
// as Encodable props (full-screen, a task sends a new sample every half second through
// `runtime.feed`), and reacts to `ui.emit` from the script.
//
//   swift run theolua-embed-example                      full-screen
//   swift run theolua-embed-example --headless down enter  render once and print
import TheoluaRuntime

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A horizontal meter drawn in Swift, usable from Lua as `ui.Meter { value = 0.4 }`.
struct Meter: Component, Decodable {
    var value: Double
    var width: Int

    func render(_ context: ComponentContext<Meter>) -> [Element] {
        let cells = max(1, width - 6)
        let filled = Int((value * Double(cells)).rounded())
        let bar = String(repeating: "█", count: filled) + String(repeating: "░", count: cells - filled)
        let percent = String(Int((value * 100).rounded()))
        let color: Value = value > 0.8 ? "red" : value > 0.5 ? "yellow" : "green"
        return [.text(bar + " " + String(repeating: " ", count: max(0, 3 - percent.count)) + percent + "%", style: ["color": color])]
    }
}

/// What the host knows about its processes: plain Swift values.
struct Snapshot: Encodable, Sendable {
    struct Process: Encodable, Sendable {
        var pid: Int
        var name: String
        var cpu: Double
    }
    var host: String
    var processes: [Process]

    /// The next sample: each load moves a little, as loads do.
    func next(_ tick: Int) -> Snapshot {
        var next = self
        for index in next.processes.indices {
            let step = Double((tick * 7 + index * 13) % 11 - 5) / 100
            next.processes[index].cpu = min(1, max(0, next.processes[index].cpu + step))
        }
        return next
    }

    var record: Record {
        guard case .record(let record)? = try? ValueEncoder().encode(self) else { return Record() }
        return record
    }
}

let snapshot = Snapshot(
    host: "build-01",
    processes: [
        .init(pid: 101, name: "swift-build", cpu: 0.92),
        .init(pid: 214, name: "sourcekit", cpu: 0.41),
        .init(pid: 377, name: "theolua", cpu: 0.07),
        .init(pid: 402, name: "lua", cpu: 0.63),
    ])

/// The script beside this file.
let script: String = {
    let path = #filePath
    let folder = path.lastIndex(of: "/").map { String(path[..<$0]) } ?? "."
    return folder + "/monitor.lua"
}()

func prepare(_ runtime: Runtime, report: @escaping (String) -> Void) throws {
    try runtime.register(Meter.self, schema: "{ value = { 'number', min = 0, max = 1 }, width = { 'integer', default = 20 } }")
    runtime.onEmit = { name, payload in
        report("host received \(name): \(payload["name"]?.stringValue ?? "?") (pid \(payload["pid"]?.intValue ?? 0))")
    }
}

let arguments = Array(CommandLine.arguments.dropFirst())
if arguments.first == "--headless" {
    // Render once, headless, after the given keys: what the end-to-end test compares.
    let runtime = try Runtime(width: 60, height: 10)
    var received: [String] = []
    try prepare(runtime) { received.append($0) }
    try runtime.load(file: script)
    try runtime.mount(props: snapshot)
    try runtime.send(keys: arguments.dropFirst().joined(separator: " "))
    print(runtime.text)
    for line in received + runtime.takeErrors() { print(line) }
} else {
    var received: [String] = []
    let app = TerminalApp(configuration: TerminalApp.Configuration(file: script, props: snapshot.record)) { runtime in
        try prepare(runtime) { received.append($0) }
        // The host goes on sampling while the app runs: a task of its own sends each
        // sample, and the app shows it at its next frame, keeping its selection.
        let feed = runtime.feed
        Task.detached {
            var sample = snapshot
            for tick in 1... {
                try? await Task.sleep(for: .milliseconds(500))
                sample = sample.next(tick)
                feed.update(props: sample.record)
            }
        }
    }
    let status = try app.run(on: TTYTerminal.standardStreams())
    for line in received { print(line) }
    exit(status)
}
