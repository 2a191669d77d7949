// A host with a scriptable view: a service dashboard whose view is services.lua, a Lua
// script the user may edit while it runs (it reloads and keeps its state), over data
// the Swift host samples and pushes from a thread of its own. The script draws latency
// with a Swift component (ui.Latency), restarts a service through a host function
// (ui.services.restart) and reports the chosen one (ui.emit).
//
//   swift run theolua-embed-example                      full-screen
//   swift run theolua-embed-example --headless down r    render once, after keys, and print
import ServicesHost
import TheoluaRuntime

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

let arguments = Array(CommandLine.arguments.dropFirst())
let fleet = Fleet(.example)
var received: [String] = []

if arguments.first == "--headless" {
    // Render after the given keys: what the end-to-end test compares.
    let runtime = try Runtime(width: 64, height: 10)
    try ServicesHost.install(on: runtime, fleet: fleet) { received.append($0) }
    try runtime.load(file: ServicesHost.script)
    try runtime.mount(props: FleetSnapshot.example)
    for key in arguments.dropFirst() {
        try runtime.send(keys: key)
        // A restart answers from a task: serve the feed a while, as a terminal would.
        let end = ContinuousClock.now + .milliseconds(150)
        while ContinuousClock.now < end { runtime.serviceIO(waitingUntil: end) }
    }
    print(runtime.text)
    for line in received + runtime.takeErrors() { print(line) }
} else {
    let props = try Record(encoding: FleetSnapshot.example)
    let app = TerminalApp(configuration: .init(file: ServicesHost.script, props: props)) { runtime in
        try ServicesHost.install(on: runtime, fleet: fleet) { received.append($0) }
        _ = ServicesHost.sampling(fleet, into: runtime.feed, every: .milliseconds(500))
    }
    let status = try app.run(on: TTYTerminal.standardStreams())
    for line in received { print(line) }
    exit(status)
}
