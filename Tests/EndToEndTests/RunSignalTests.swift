import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `theolua run` and the signals and sizes a terminal or a shell sends: a size of 0x0
/// or beyond any screen, SIGTSTP, and ctrl+c or SIGTERM while a script runs long.
@Suite(.serialized) struct RunSignalTests {
    static let counter = RunTerminalTests.counter(label: "Clicks")

    /// A button whose action runs for a long time (its budget is set far higher).
    static let stuck = """
        local ui = require("theolua")
        return ui.component("Stuck", {
          render = function(self) return ui.button { "hang", onPress = self:handler("hang") } end,
          actions = { hang = function(self) local x = 0 for i = 1, 1e12 do x = x + i end end },
        })
        """

    private func start(_ source: String, columns: Int = 60, rows: Int = 12, _ extra: [String] = []) throws
        -> (TerminalProcess, ScriptFolder)
    {
        let folder = ScriptFolder()
        let app = folder.write("app.lua", source)
        return (
            try TerminalProcess(Paths.binary, ["run", app, "--no-watch"] + extra, columns: columns, rows: rows), folder
        )
    }

    @Test func aTerminalReportingZeroByZeroKeepsTheLastGoodSizeAndTheAppRuns() throws {
        let (terminal, folder) = try start(Self.counter)
        defer { folder.remove() }
        #expect(terminal.waitForScreen(containing: "Clicks: 0"))
        for (columns, rows) in [(0, 0), (0, 12), (60, 0)] {
            terminal.resize(columns: columns, rows: rows)
            terminal.type("+")
            #expect(
                terminal.wait(timeout: 0.5) { $0.exitStatus != nil } == false,
                "a resize to \(columns)x\(rows) ended the app")
        }
        terminal.resize(columns: 40, rows: 6)
        #expect(terminal.wait { $0.screen.text.contains("Clicks: 3") }, "\(terminal.screen.text)")
        terminal.type("\u{03}")
        #expect(terminal.waitForExit() == 0)
    }

    @Test func aTerminalThatStartsAtZeroByZeroIsLaidOutAtEightyByTwentyFour() throws {
        let (terminal, folder) = try start(Self.counter, columns: 0, rows: 0)
        defer { folder.remove() }
        terminal.resize(columns: 100, rows: 30)
        #expect(terminal.wait { $0.screen.text.contains("Clicks: 0") }, "\(terminal.screen.text)")
        terminal.type("\u{03}")
        #expect(terminal.waitForExit() == 0)
    }

    @Test func aHugeReportedSizeIsClampedAndTheAppRuns() throws {
        let (terminal, folder) = try start(Self.counter)
        defer { folder.remove() }
        #expect(terminal.waitForScreen(containing: "Clicks: 0"))
        terminal.resize(columns: 20000, rows: 20000)
        terminal.type("+")
        #expect(terminal.wait(timeout: 0.5) { $0.exitStatus != nil } == false)
        terminal.resize(columns: 40, rows: 6)
        #expect(terminal.wait { $0.screen.text.contains("Clicks: 1") }, "\(terminal.screen.text)")
        terminal.type("\u{03}")
        // A frame of 2000x2000 cells can keep a debug build busy past the second after
        // which ctrl+c is the terminal's SIGINT: either way, it quits.
        let status = terminal.waitForExit()
        #expect(status == 0 || status == 128 + SIGINT)
    }

    @Test func sigtstpRestoresTheTerminalBeforeStoppingAndTheAppComesBack() throws {
        let (terminal, folder) = try start(Self.counter)
        defer { folder.remove() }
        #expect(terminal.waitForScreen(containing: "Clicks: 0"))
        let mark = terminal.output.count
        kill(terminal.pid, SIGTSTP)
        // The leave sequence and cooked mode come before the stop (the test's child is a
        // session leader, so SIGTSTP does not stop it here; it comes straight back).
        #expect(terminal.wait { Array($0.output[mark...]).contains(Array("\u{1B}[?1049l".utf8)) })
        #expect(
            terminal.wait { $0.screen.alternateScreen && $0.screen.text.contains("Clicks: 0") },
            "\(terminal.visibleOutput(from: mark))")
        terminal.type("+")
        #expect(terminal.waitForScreen(containing: "Clicks: 1"), "\(terminal.screen.text)")
        terminal.type("\u{03}")
        #expect(terminal.waitForExit() == 0)
        #expect(terminal.modes().map { $0.c_lflag & tcflag_t(ICANON) != 0 } == true)
    }

    @Test func ctrlCEndsAnAppStuckInAScriptAndRestoresTheTerminal() throws {
        let (terminal, folder) = try start(Self.stuck, ["--max-instructions", "100000000000000"])
        defer { folder.remove() }
        #expect(terminal.waitForScreen(containing: "hang"))
        terminal.type("\r")
        usleep(1_600_000)  // past the second after which the terminal's ctrl+c works
        terminal.type("\u{03}")
        #expect(terminal.waitForExit(timeout: 5) == 128 + SIGINT)
        #expect(!terminal.screen.alternateScreen)
        #expect(terminal.screen.cursorVisible)
        #expect(terminal.screen.mouseModes.isEmpty)
        #expect(terminal.modes().map { $0.c_lflag & tcflag_t(ICANON) != 0 } == true)
    }

    @Test func sigtermEndsAnAppStuckInAScriptAndRestoresTheTerminal() throws {
        let (terminal, folder) = try start(Self.stuck, ["--max-instructions", "100000000000000"])
        defer { folder.remove() }
        #expect(terminal.waitForScreen(containing: "hang"))
        terminal.type("\r")
        usleep(300_000)
        kill(terminal.pid, SIGTERM)
        #expect(terminal.waitForExit(timeout: 5) == 128 + SIGTERM)
        #expect(!terminal.screen.alternateScreen)
        #expect(terminal.screen.mouseModes.isEmpty)
        #expect(terminal.modes().map { $0.c_lflag & tcflag_t(ICANON) != 0 } == true)
    }

    /// Starts a child that writes its pid to `pid` in the app's folder and sleeps; a
    /// button hangs the app in a script.
    static let spawner = """
        local ui = require("theolua")
        return ui.component("Spawner", {
          render = function(self) return ui.button { "hang", onPress = self:handler("hang") } end,
          actions = { hang = function(self) local x = 0 for i = 1, 1e12 do x = x + i end end },
          controller = { init = function(ctl)
            ui.spawn("sh", { "-c", "echo $$ > pid; exec sleep 60" }, {})
          end },
        })
        """

    /// Runs the spawner, waits for its child, does `end` to the app, and checks that
    /// the app exits with `status` and the child is gone.
    private func expectChildEnds(status: Int32, hang: Bool = false, _ end: (TerminalProcess) -> Void) throws {
        let (terminal, folder) = try start(
            Self.spawner, ["--allow-run=sh", "--max-instructions", "100000000000000"])
        defer { folder.remove() }
        #expect(terminal.waitForScreen(containing: "hang"))
        var pid: pid_t?
        for _ in 0..<200 where pid == nil {
            pid = Files.read(folder.path + "/pid").flatMap { pid_t($0.filter(\.isNumber)) }
            if pid == nil { usleep(10_000) }
        }
        let child = try #require(pid)
        if hang {
            terminal.type("\r")
            usleep(300_000)
        }
        end(terminal)
        #expect(terminal.waitForExit(timeout: 5) == status)
        #expect(terminal.screen.mouseModes.isEmpty, "mouse reports are turned off on every way out")
        let gone = processEnds(child)
        #expect(gone, "the child \(child) outlived theolua run")
        if !gone { kill(child, SIGKILL) }
    }

    @Test func aChildEndsWithTheAppOnCtrlC() throws {
        try expectChildEnds(status: 0) { $0.type("\u{03}") }
    }

    @Test func aChildEndsWithTheAppOnSigterm() throws {
        try expectChildEnds(status: 128 + SIGTERM) { kill($0.pid, SIGTERM) }
    }

    @Test func aChildEndsWithTheAppOnSighup() throws {
        try expectChildEnds(status: 128 + SIGHUP) { kill($0.pid, SIGHUP) }
    }

    @Test func aChildEndsWithAnAppKilledWhileStuckInAScript() throws {
        try expectChildEnds(status: 128 + SIGTERM, hang: true) { kill($0.pid, SIGTERM) }
    }
}
