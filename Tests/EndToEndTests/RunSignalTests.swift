import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `theolua run` and the signals and sizes a terminal or a shell sends: a size of 0x0
/// or beyond any screen, SIGTSTP, ctrl+c or SIGTERM while a script runs long, and a
/// termination signal at any moment around a stop, a continue, a resize or the start.
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

    // MARK: A termination signal is never lost

    /// The termination signals, each of which ends `run` as it would end any process.
    static let terminationSignals: [Int32] = [SIGINT, SIGTERM, SIGHUP]
    /// How long after the lead-up each signal comes, in milliseconds.
    static let delays = [0, 1, 2, 5, 10, 20, 50]

    /// One app of a fleet, and the signal it gets how long after the lead-up.
    private struct Run {
        let terminal: TerminalProcess
        let signal: Int32
        let delay: Int
    }

    /// Runs a counter for each termination signal and delay, `rounds` times over, all at
    /// once, so the whole fleet costs about as long as one app. Once every app shows its
    /// first screen (unless `drawn` is false), `prepare` is done to each, `settle`
    /// seconds pass, and `trigger` is done to all at once; each app then gets its signal
    /// its delay later. Every app must end as that signal ends a process, with the
    /// alternate screen left last (or never entered) and the terminal in cooked mode.
    private func expectEveryTerminationEndsRun(
        rounds: Int = 2, drawn: Bool = true, prepare: (TerminalProcess) -> Void = { _ in }, settle: Double = 0,
        trigger: (TerminalProcess) -> Void
    ) throws {
        let folder = ScriptFolder()
        defer { folder.remove() }
        let app = folder.write("app.lua", Self.counter)
        var runs: [Run] = []
        for _ in 0..<rounds {
            for signal in Self.terminationSignals {
                for delay in Self.delays {
                    let terminal = try TerminalProcess(Paths.binary, ["run", app, "--no-watch"], columns: 60, rows: 12)
                    runs.append(Run(terminal: terminal, signal: signal, delay: delay))
                }
            }
        }
        if drawn {
            for run in runs {
                try #require(
                    run.terminal.waitForScreen(containing: "Clicks: 0", timeout: 20), "\(run.terminal.screen.text)")
            }
        }
        for run in runs { prepare(run.terminal) }
        if settle > 0 { usleep(useconds_t(settle * 1_000_000)) }
        for run in runs { trigger(run.terminal) }
        let start = ContinuousClock.now
        for run in runs.sorted(by: { $0.delay < $1.delay }) {
            let wait = ContinuousClock.now.duration(to: start + .milliseconds(run.delay))
            if wait > .zero { usleep(useconds_t((wait / .microseconds(1)).rounded(.up))) }
            kill(run.terminal.pid, run.signal)
        }

        let enter = Array("\u{1B}[?1049h".utf8)
        let leave = Array("\u{1B}[?1049l".utf8)
        let deadline = ContinuousClock.now + .seconds(10)  // for them all: a stuck app costs its wait once
        for run in runs {
            let terminal = run.terminal
            let status = terminal.waitForExit(
                timeout: max(0.1, ContinuousClock.now.duration(to: deadline) / .seconds(1)))
            let what = "\(Self.name(run.signal)) \(run.delay) ms after"
            #expect(status == 128 + run.signal, "\(what): \(status.map { "ended with \($0)" } ?? "still running")")
            let restored = !terminal.output.contains(enter) || terminal.output.suffix(leave.count).elementsEqual(leave)
            let tail = terminal.visibleOutput(from: max(0, terminal.output.count - 120))
            #expect(restored, "\(what): the alternate screen was not left last: \(tail)")
            #expect(terminal.modes().map { $0.c_lflag & tcflag_t(ICANON) != 0 } == true, "\(what): left in raw mode")
        }
    }

    private static func name(_ signal: Int32) -> String {
        switch signal {
        case SIGINT: "SIGINT"
        case SIGTERM: "SIGTERM"
        case SIGHUP: "SIGHUP"
        default: "signal \(signal)"
        }
    }

    /// ctrl+z then fg: the stop gives the terminal back and the continue takes it again
    /// while the signal watcher keeps reporting. (The apps are session leaders, whose
    /// SIGTSTP restores the terminal without stopping; the continue comes 0.4 s later.)
    @Test func aTerminationSignalJustAfterAStopAndContinueEndsRunWithTheTerminalRestored() throws {
        try expectEveryTerminationEndsRun(prepare: { kill($0.pid, SIGTSTP) }, settle: 0.4) { kill($0.pid, SIGCONT) }
    }

    /// A continue with no stop before it (after SIGSTOP, say) takes the terminal again too.
    @Test func aTerminationSignalJustAfterAContinueWithoutAStopEndsRun() throws {
        try expectEveryTerminationEndsRun { kill($0.pid, SIGCONT) }
    }

    /// A second stop while the app is taking the terminal back after the first.
    @Test func aTerminationSignalJustAfterTwoStopsInARowEndsRun() throws {
        try expectEveryTerminationEndsRun(prepare: { kill($0.pid, SIGTSTP) }, settle: 0.002) { kill($0.pid, SIGTSTP) }
    }

    @Test func aTerminationSignalDuringAResizeEndsRun() throws {
        try expectEveryTerminationEndsRun(rounds: 1) { $0.resize(columns: 50, rows: 10) }
    }

    /// From the first instant: before the terminal is taken, while it is, and during the
    /// first frame.
    @Test func aTerminationSignalWhileRunStartsEndsItWithTheTerminalRestored() throws {
        try expectEveryTerminationEndsRun(rounds: 1, drawn: false) { _ in }
    }
}
