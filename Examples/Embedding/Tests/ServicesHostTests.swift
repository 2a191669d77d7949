import Foundation
import ServicesHost
import Testing
import TheoluaRuntime

/// The services host as its authors test it: headless runtimes running the real view
/// script against the host's real fleet, with time and keys driven by the test.
@Suite struct ServicesHostTests {
    /// A runtime with the host installed and the view mounted on the example fleet.
    private func mounted(
        _ fleet: Fleet, script: String = ServicesHost.script, report: @escaping (String) -> Void = { _ in }
    ) throws -> Runtime {
        let runtime = try Runtime(width: 64, height: 10)
        try ServicesHost.install(on: runtime, fleet: fleet, report: report)
        try runtime.load(file: script)
        try runtime.mount(props: FleetSnapshot.example)
        return runtime
    }

    /// Serves the runtime's input (what the host's threads send) until `done` or ten
    /// seconds passed.
    private func serve(_ runtime: Runtime, until done: (Runtime) -> Bool) {
        let start = ContinuousClock.now
        while !done(runtime) && ContinuousClock.now - start < .seconds(10) {
            runtime.serviceIO(waitingUntil: .now + .milliseconds(10))
        }
    }

    @Test func theViewShowsEachServiceWithItsSwiftDrawnLatency() throws {
        let runtime = try mounted(Fleet(.example))
        #expect(runtime.lines[0].hasPrefix("┏━ services on deploy-01 "))
        #expect(runtime.lines[1] == "┃▶ api     running            ▁▂▂▅█▆▅▄   16 ms  ↻0             ┃")
        #expect(runtime.lines[3] == "┃  search  failed                  ▁▂█  250 ms  ↻0             ┃")
        #expect(runtime.lines[8].contains("r restart"))
        #expect(runtime.takeErrors() == [])
    }

    @Test func rRestartsTheChosenServiceThroughTheHostFunction() throws {
        let fleet = Fleet(.example)
        let runtime = try mounted(fleet)
        try runtime.send(keys: "down r")
        serve(runtime) { $0.text.contains("restarting worker") && $0.lines[2].contains("↻1") }
        #expect(runtime.lines[2].hasPrefix("┃▶ worker  restarting"))
        #expect(runtime.lines[2].contains("↻1"))
        #expect(runtime.lines[7].contains("restarting worker"))
        // The next sample brings it back, the selection kept.
        try runtime.feed.update(props: fleet.sample())
        serve(runtime) { $0.lines[2].contains("running") }
        #expect(runtime.lines[2].hasPrefix("┃▶ worker  running"))
        #expect(runtime.takeErrors() == [])
    }

    @Test func aRestartOfAServiceTheFleetLacksAnswersWithTheHostsError() throws {
        let runtime = try mounted(Fleet(.example))
        var printed: [String] = []
        runtime.onLog = { printed.append($0) }
        try runtime.runScript(
            source: """
                local ui = require("theolua")
                ui.services.restart("mail", function(answer, err) print(answer, err) end)
                """)
        serve(runtime) { _ in !printed.isEmpty }
        #expect(printed == ["nil\tui.services.restart: no service named 'mail'"])
    }

    @Test func theSamplerFeedsTheRunningViewWhileKeysArrive() throws {
        let fleet = Fleet(.example)
        let runtime = try mounted(fleet)
        let sampler = ServicesHost.sampling(fleet, into: runtime.feed, every: .milliseconds(5))
        defer { sampler.stop() }
        let first = runtime.lines[1]
        try runtime.send(keys: "down down down")
        serve(runtime) { $0.lines[1] != first }
        #expect(runtime.lines[1] != first, "a sample moved api's latency")
        #expect(runtime.lines[4].hasPrefix("┃▶ cache"), "the selection stays through the samples")
        #expect(runtime.takeErrors() == [])
    }

    @Test func anEditedViewReloadsKeepingItsSelection() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("services-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let copy = folder.appendingPathComponent("services.lua").path
        let source = try String(contentsOfFile: ServicesHost.script, encoding: .utf8)
        try source.write(toFile: copy, atomically: true, encoding: .utf8)
        let runtime = try mounted(Fleet(.example), script: copy)
        try runtime.send(keys: "down down")
        try source.replacingOccurrences(of: "services on ", with: "fleet ").write(
            toFile: copy, atomically: true, encoding: .utf8)
        try runtime.reload()
        #expect(runtime.lines[0].hasPrefix("┏━ fleet deploy-01 "))
        #expect(runtime.lines[3].hasPrefix("┃▶ search"))
    }

    @Test func aBadPushShowsItsErrorUntilAGoodOneRenders() throws {
        let runtime = try mounted(Fleet(.example))
        var broken = FleetSnapshot.example
        broken.services[0].latency = []
        try runtime.feed.update(props: broken)
        serve(runtime) { $0.shownError != nil }
        #expect(runtime.shownError?.contains("services.lua") == true)
        #expect(runtime.takeErrors().count == 1)
        try runtime.feed.update(props: FleetSnapshot.example)
        serve(runtime) { $0.shownError == nil }
        #expect(runtime.shownError == nil)
        #expect(runtime.lines[1].hasPrefix("┃▶ api"))
    }

    @Test func enterReportsTheChosenServiceToTheHost() throws {
        var reports: [String] = []
        let runtime = try mounted(Fleet(.example)) { reports.append($0) }
        try runtime.send(keys: "up enter")
        #expect(reports == ["host received selected: cache"])
    }
}
