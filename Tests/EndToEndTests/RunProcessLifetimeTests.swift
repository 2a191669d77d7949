import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `theolua run` ends every process its scripts started, with what those started (a
/// grandchild that left its process group with `setsid`, one that ignores SIGTERM, one
/// backgrounded), on every way out: ctrl+c, `ui.quit()`, SIGTERM, SIGINT, SIGHUP and the
/// terminal closing; and while it runs on, when a reload or an error at load ends the
/// load that started them.
@Suite(.serialized) struct RunProcessLifetimeTests {
    /// An app whose top level starts three grandchildren marked with `token`, and shows
    /// "ready" once they run; `q` quits.
    static func app(_ token: String, then extra: String = "") -> String {
        """
        local ui = require("theolua")
        ui.spawn("sh", { "-c", "setsid sleep \(token)1 & trap '' TERM; sleep \(token)2 & sleep \(token)3 & echo ready; wait" },
          { onStdout = function(line) ui.emit("line", line) end })
        \(extra)
        return ui.component("Ready", {
          initialState = function() return { ready = false } end,
          render = function(self)
            return ui.box { focusable = true, onKey = function(e) if e.name == "q" then ui.quit() end end,
              ui.text(self.state.ready and "ready" or "starting") }
          end,
          controller = { init = function(ctl)
            ui.spawn("sh", { "-c", "sleep 0.3; echo go" }, { onStdout = function()
              ctl:updateState(function() return { ready = true } end) end })
          end },
        })
        """
    }

    private func start(_ source: String, watch: Bool = false) throws -> (TerminalProcess, ScriptFolder, String) {
        let folder = ScriptFolder()
        let app = folder.write("app.lua", source)
        let arguments = ["run", app, "--allow-run"] + (watch ? [] : ["--no-watch"])
        return (try TerminalProcess(Paths.binary, arguments, columns: 40, rows: 6), folder, app)
    }

    /// The ways out, each with the grandchildren's token.
    static let waysOut: [(String, String)] = [
        ("ctrl+c", "761"), ("q: ui.quit()", "762"), ("SIGTERM", "763"), ("SIGINT", "764"), ("SIGHUP", "765"),
        ("the terminal closing", "766"),
    ]

    @Test(arguments: 0..<waysOut.count)
    func everyWayOutEndsTheGrandchildren(_ index: Int) throws {
        let (way, token) = Self.waysOut[index]
        let (terminal, folder, _) = try start(Self.app(token))
        defer { folder.remove() }
        #expect(terminal.waitForScreen(containing: "ready"), "\(way): \(terminal.screen.text)")
        #expect(!Survivors.none(holding: "sleep \(token)1", within: 0.2), "\(way): the grandchild never ran")
        switch way {
        case "ctrl+c": terminal.type("\u{03}")
        case "q: ui.quit()": terminal.type("q")
        case "SIGTERM": kill(terminal.pid, SIGTERM)
        case "SIGINT": kill(terminal.pid, SIGINT)
        case "SIGHUP": kill(terminal.pid, SIGHUP)
        default: terminal.hangUp()
        }
        #expect(terminal.waitForExit(timeout: 10) != nil, "\(way): theolua did not end")
        for child in 1...3 {
            #expect(
                Survivors.none(holding: "sleep \(token)\(child)"), "\(way): sleep \(token)\(child) outlived theolua")
        }
    }

    @Test func aReloadEndsWhatThePreviousLoadStarted() throws {
        let (terminal, folder, app) = try start(Self.app("767"), watch: true)
        defer {
            terminal.stop()
            folder.remove()
        }
        #expect(terminal.waitForScreen(containing: "ready"))
        #expect(!Survivors.none(holding: "sleep 7671", within: 0.2))
        Files.write(Self.app("768"), to: app)
        #expect(terminal.waitForScreen(containing: "ready"))
        // The shell ignores SIGTERM: SIGKILL reaches it after the two seconds' grace.
        for child in 1...3 {
            #expect(Survivors.none(holding: "sleep 767\(child)", within: 4), "sleep 767\(child) outlived its load")
        }
        #expect(terminal.exitStatus == nil, "the reload ended theolua")
        terminal.type("\u{03}")
        #expect(terminal.waitForExit(timeout: 10) != nil)
        #expect(Survivors.none(holding: "sleep 7681"))
    }

    @Test func anErrorAtLoadEndsWhatTheLoadStarted() throws {
        let (terminal, folder, _) = try start(Self.app("769", then: "error('broken after spawning')"))
        defer {
            terminal.stop()
            folder.remove()
        }
        #expect(terminal.waitForScreen(containing: "broken after spawning"), "\(terminal.screen.text)")
        for child in 1...3 {
            #expect(
                Survivors.none(holding: "sleep 769\(child)", within: 4), "sleep 769\(child) outlived the failed load")
        }
        terminal.type("\u{03}")
        #expect(terminal.waitForExit(timeout: 10) != nil)
    }
}
