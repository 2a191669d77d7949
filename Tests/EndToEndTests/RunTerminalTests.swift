import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `theolua run` through a pseudo-terminal: keys in, screen out, hot reload keeping
/// state, the error overlay, quitting, and the terminal left as it was found.
///
/// Serialized so that timing-sensitive sessions do not compete with one another on a
/// busy machine; each wait is bounded (see ``TerminalProcess``).
@Suite(.serialized) struct RunTerminalTests {
    /// A counter whose label is a parameter, so that a save can change it.
    static func counter(label: String, extra: String = "") -> String {
        """
        local ui = require("theolua")
        \(extra)
        local Counter = ui.component("Counter", {
          initialState = function() return { count = 0 } end,
          render = function(self)
            return ui.box { border = "single", focusable = true, onKey = self:handler("key"),
              ui.text("\(label): " .. self.state.count),
            }
          end,
          actions = {
            key = function(self, key)
              if key.name == "+" then
                self:updateState(function(s) return { count = s.count + 1 } end)
                return true
              end
            end,
          },
        })
        return Counter {}
        """
    }

    private static let leaveAlternateScreen = Array("\u{1B}[?1049l".utf8)
    private static let showCursor = Array("\u{1B}[?25h".utf8)

    /// Starts `theolua run` on `source` saved in a new folder.
    private func start(_ source: String, columns: Int = 80, rows: Int = 24, _ extra: [String] = []) throws
        -> (TerminalProcess, ScriptFolder, String)
    {
        let folder = ScriptFolder()
        let app = folder.write("app.lua", source)
        let terminal = try TerminalProcess(Paths.binary, ["run", app] + extra, columns: columns, rows: rows)
        return (terminal, folder, app)
    }

    @Test func drawsOnTheAlternateScreenAndCtrlCQuitsWithStatusZero() throws {
        let (terminal, folder, _) = try start(Self.counter(label: "Clicks"))
        defer { folder.remove() }
        #expect(terminal.waitForScreen(containing: "Clicks: 0"), "\(terminal.screen.text)")
        #expect(terminal.screen.alternateScreen)
        #expect(!terminal.screen.cursorVisible)
        #expect(terminal.output.contains(Array("\u{1B}[?2026h".utf8)), "frames are synchronized updates")
        #expect(terminal.screen.lines[0].hasPrefix("┏━"), "the focused box has a bold border")
        terminal.type("\u{03}")
        #expect(terminal.waitForExit() == 0)
        #expect(!terminal.screen.alternateScreen)
        #expect(terminal.screen.cursorVisible)
        #expect(!terminal.screen.inSynchronizedUpdate)
        let tail = Array(terminal.output.suffix(64))
        #expect(tail.contains(Self.leaveAlternateScreen), "\(terminal.visibleOutput(from: terminal.output.count - 64))")
        #expect(tail.contains(Self.showCursor))
    }

    @Test func keysTypedReachTheApp() throws {
        let (terminal, folder, _) = try start(Self.counter(label: "Clicks"))
        defer { folder.remove() }
        #expect(terminal.waitForScreen(containing: "Clicks: 0"))
        terminal.type("+++")
        #expect(terminal.waitForScreen(containing: "Clicks: 3"), "\(terminal.screen.text)")
        terminal.type("\u{03}")
        #expect(terminal.waitForExit() == 0)
    }

    @Test func rawModeWhileRunningAndTerminalModesRestoredAfter() throws {
        let (terminal, folder, _) = try start(Self.counter(label: "Clicks"))
        defer { folder.remove() }
        #expect(terminal.waitForScreen(containing: "Clicks: 0"))
        let running = try #require(terminal.modes())
        #expect(running.c_lflag & tcflag_t(ICANON) == 0, "canonical mode is off while running")
        #expect(running.c_lflag & tcflag_t(ECHO) == 0, "echo is off while running")
        terminal.type("\u{03}")
        #expect(terminal.waitForExit() == 0)
        let after = try #require(terminal.modes())
        let before = try #require(terminal.modesAtStart)
        #expect(after.c_lflag == before.c_lflag)
        #expect(after.c_iflag == before.c_iflag)
        #expect(after.c_oflag == before.c_oflag)
        #expect(after.c_lflag & tcflag_t(ICANON) != 0 && after.c_lflag & tcflag_t(ECHO) != 0)
    }

    @Test func savingTheFileReloadsAndKeepsTheState() throws {
        let (terminal, folder, app) = try start(Self.counter(label: "Clicks"))
        defer { folder.remove() }
        #expect(terminal.waitForScreen(containing: "Clicks: 0"))
        terminal.type("++")
        #expect(terminal.waitForScreen(containing: "Clicks: 2"))
        Files.write(Self.counter(label: "Taps"), to: app)
        #expect(terminal.waitForScreen(containing: "Taps: 2"), "\(terminal.screen.text)")
        // Still interactive after the reload, with the kept state.
        terminal.type("+")
        #expect(terminal.waitForScreen(containing: "Taps: 3"), "\(terminal.screen.text)")
        terminal.type("\u{03}")
        #expect(terminal.waitForExit() == 0)
    }

    /// A clock whose timer is started in its controller's `init`; `word` is what the
    /// timer writes every `interval` seconds, `version` the spec's version.
    static func ticker(word: String, version: Int, interval: Double = 0.05) -> String {
        """
        local ui = require("theolua")
        return ui.component("Ticker", {
          version = \(version),
          initialState = function() return { ticks = 0, word = "none" } end,
          render = function(self) return ui.text(self.state.word .. " " .. self.state.ticks) end,
          controller = {
            init = function(ctl)
              ctl.timer = ui.every(\(interval), function()
                ctl:updateState(function(s) return { ticks = s.ticks + 1, word = "\(word)" } end)
              end)
            end,
          },
        })
        """
    }

    @Test func aSaveRestartsTimersWithTheNewCodeAndANewVersionResetsState() throws {
        let (terminal, folder, app) = try start(Self.ticker(word: "old", version: 1))
        defer { folder.remove() }
        #expect(terminal.waitForScreen(containing: "old 3"), "\(terminal.screen.text)")
        Files.write(Self.ticker(word: "new", version: 1), to: app)
        #expect(terminal.waitForScreen(containing: "new"), "the timer runs the saved code: \(terminal.screen.text)")
        let kept = terminal.screen.lines[0].split(separator: " ").last.flatMap { Int($0) } ?? 0
        #expect(kept > 3, "the state was kept: \(terminal.screen.text)")
        // A new version starts from the initial state (its timer is slow, so that the
        // screen holds still).
        Files.write(Self.ticker(word: "reset", version: 2, interval: 600), to: app)
        #expect(terminal.waitForScreen(containing: "none 0"), "\(terminal.screen.text)")
        terminal.type("\u{03}")
        #expect(terminal.waitForExit() == 0)
    }

    @Test func brokenSaveShowsAnOverlayAndTheNextGoodSaveClearsIt() throws {
        let (terminal, folder, app) = try start(Self.counter(label: "Clicks"))
        defer { folder.remove() }
        #expect(terminal.waitForScreen(containing: "Clicks: 0"))
        terminal.type("++")
        #expect(terminal.waitForScreen(containing: "Clicks: 2"))

        Files.write(
            Self.counter(label: "Clicks").replacingOccurrences("return Counter {}", "return Counter {"), to: app)
        #expect(terminal.waitForScreen(containing: "error"), "\(terminal.screen.text)")
        #expect(terminal.screen.text.contains("app.lua:"), "the overlay names the file: \(terminal.screen.text)")
        #expect(terminal.screen.text.contains("Clicks: 2"), "the last good screen stays under the overlay")
        // The app keeps running under the overlay.
        terminal.type("+")
        #expect(terminal.waitForScreen(containing: "Clicks: 3"), "\(terminal.screen.text)")

        Files.write(Self.counter(label: "Taps"), to: app)
        #expect(terminal.waitForScreen(containing: "Taps: 3"), "\(terminal.screen.text)")
        #expect(terminal.wait { !$0.screen.text.contains("error") }, "\(terminal.screen.text)")
        terminal.type("\u{03}")
        #expect(terminal.waitForExit() == 0)
    }

    @Test func runtimeErrorInASavedRenderShowsTheComponentAndLine() throws {
        let (terminal, folder, app) = try start(Self.counter(label: "Clicks"))
        defer { folder.remove() }
        #expect(terminal.waitForScreen(containing: "Clicks: 0"))
        let broken = Self.counter(label: "Clicks").replacingOccurrences(
            "ui.text(\"Clicks: \" .. self.state.count)", "ui.text(\"Clicks: \" .. self.state.missing.count)")
        Files.write(broken, to: app)
        #expect(terminal.waitForScreen(containing: "Counter"), "\(terminal.screen.text)")
        #expect(terminal.screen.text.contains("app.lua:7"), "\(terminal.screen.text)")
        terminal.type("\u{03}")
        #expect(terminal.waitForExit() == 0)
    }

    @Test func aPasteTooLargeIsRefusedWithANoteAndTheNextKeyReachesTheApp() throws {
        let source = """
            local ui = require("theolua")
            return ui.component("Notes", {
              initialState = function() return { text = "" } end,
              actions = { edit = function(self, v) self:updateState { text = v } end },
              render = function(self)
                return ui.column {
                  ui.textarea { value = self.state.text, onChange = self:handler("edit"), rows = 3 },
                  ui.spacer {},
                  ui.text("length " .. #self.state.text),
                }
              end,
            })
            """
        let (terminal, folder, _) = try start(source, columns: 60, rows: 12)
        defer { folder.remove() }
        #expect(terminal.waitForScreen(containing: "length 0"))
        // A bracketed paste of 10 MiB: more than the 8 MiB of text `run` holds by default.
        terminal.type("\u{1B}[200~" + String(repeating: "x", count: 10 << 20) + "\u{1B}[201~")
        #expect(
            terminal.waitForScreen(containing: "paste of 10 MiB not inserted", timeout: 30), "\(terminal.screen.text)")
        #expect(terminal.screen.text.contains("length 0"), "the app is as it was: \(terminal.screen.text)")
        terminal.type("z")
        #expect(terminal.waitForScreen(containing: "length 1"), "\(terminal.screen.text)")
        #expect(
            terminal.wait { !$0.screen.text.contains("paste of") }, "the key closed the note: \(terminal.screen.text)")
        #expect(!terminal.screen.text.contains("error"), "\(terminal.screen.text)")
        #expect(terminal.screen.lines[0].hasPrefix("z"), "\(terminal.screen.text)")
        // The refusal is in the log too.
        terminal.type("\u{1B}[24~")
        #expect(terminal.waitForScreen(containing: "warning: paste of 10 MiB"), "\(terminal.screen.text)")
        terminal.type("\u{03}")
        #expect(terminal.waitForExit() == 0)
    }

    /// An app that never ran ends with the status of a script error.
    @Test func appBrokenAtStartShowsTheOverlayAndStillQuits() throws {
        let (terminal, folder, _) = try start("local ui = require(\"theolua\")\nreturn ui.text {\n")
        defer { folder.remove() }
        #expect(terminal.waitForScreen(containing: "app.lua:"), "\(terminal.screen.text)")
        terminal.type("\u{03}")
        #expect(terminal.waitForExit() == 1)
        #expect(terminal.output.suffix(64).contains(Self.leaveAlternateScreen))
    }

    /// `--props` survive a file broken at start: the save that mends it mounts with them,
    /// and the overlay goes.
    @Test func aFileBrokenAtStartIsMountedWithItsPropsOnceMended() throws {
        let labelled = """
            local ui = require("theolua")
            return ui.component("Label", {
              props = { label = { "string" } },
              render = function(self) return ui.text("label: " .. self.props.label) end,
            })
            """
        let (terminal, folder, app) = try start(labelled + "\nthis is not lua (", ["--props", "{\"label\":\"kept\"}"])
        defer { folder.remove() }
        #expect(terminal.waitForScreen(containing: "app.lua:"), "\(terminal.screen.text)")
        Files.write(labelled, to: app)
        #expect(terminal.waitForScreen(containing: "label: kept"), "\(terminal.screen.text)")
        #expect(terminal.wait { !$0.screen.text.contains("error") }, "\(terminal.screen.text)")
        terminal.type("\u{03}")
        #expect(terminal.waitForExit() == 0)
    }

    @Test func sigtermRestoresTheTerminal() throws {
        let (terminal, folder, _) = try start(Self.counter(label: "Clicks"))
        defer { folder.remove() }
        #expect(terminal.waitForScreen(containing: "Clicks: 0"))
        kill(terminal.pid, SIGTERM)
        #expect(terminal.waitForExit() == 128 + SIGTERM, "ends as SIGTERM would")
        #expect(!terminal.screen.alternateScreen)
        #expect(terminal.screen.cursorVisible)
        #expect(terminal.modes().map { $0.c_lflag & tcflag_t(ICANON) != 0 } == true)
    }

    @Test func resizingLaysTheAppOutAgain() throws {
        let (terminal, folder, _) = try start(Self.counter(label: "Clicks"), columns: 60, rows: 12)
        defer { folder.remove() }
        #expect(terminal.waitForScreen(containing: "Clicks: 0"))
        #expect(terminal.screen.lines[0] == "┏" + String(repeating: "━", count: 58) + "┓")
        terminal.resize(columns: 30, rows: 8)
        let border = "┏" + String(repeating: "━", count: 28) + "┓"
        #expect(terminal.wait { $0.screen.lines[0] == border }, "\(terminal.screen.text)")
        #expect(terminal.screen.text.contains("Clicks: 0"))
        terminal.type("\u{03}")
        #expect(terminal.waitForExit() == 0)
    }

    @Test func timersRunOnTheRealClock() throws {
        let source = """
            local ui = require("theolua")
            return ui.component("Ticker", {
              initialState = function() return { n = 0 } end,
              render = function(self) return ui.text("ticks " .. self.state.n) end,
              controller = { init = function(ctl)
                ui.every(0.05, function() ctl:updateState(function(s) return { n = s.n + 1 } end) end)
              end },
            })
            """
        let (terminal, folder, _) = try start(source)
        defer { folder.remove() }
        #expect(terminal.waitForScreen(containing: "ticks 5"), "\(terminal.screen.text)")
        terminal.type("\u{03}")
        #expect(terminal.waitForExit() == 0)
    }

    @Test func printGoesToTheLogViewNotTheScreen() throws {
        let source = Self.counter(label: "Clicks", extra: "print(\"hello from print\")")
        let (terminal, folder, _) = try start(source)
        defer { folder.remove() }
        #expect(terminal.waitForScreen(containing: "Clicks: 0"))
        #expect(!terminal.screen.text.contains("hello from print"))
        terminal.type("\u{1B}[24~")  // F12
        #expect(terminal.waitForScreen(containing: "hello from print"), "\(terminal.screen.text)")
        terminal.type("\u{1B}[24~")
        #expect(terminal.wait { !$0.screen.text.contains("hello from print") }, "\(terminal.screen.text)")
        terminal.type("\u{03}")
        #expect(terminal.waitForExit() == 0)
    }

    /// The full-screen and the headless paths paint the same picture.
    @Test func runShowsWhatRenderPrints() throws {
        let app = Paths.package + "/Examples/todo.lua"
        let rendered = runTheolua(["render", app, "--size", "60x14", "--keys", "text:hi"])
        #expect(rendered.status == 0)
        let terminal = try TerminalProcess(Paths.binary, ["run", app, "--no-watch"], columns: 60, rows: 14)
        terminal.type("hi")
        let expected = String(rendered.stdout.dropLast())
        #expect(terminal.wait { $0.screen.text == expected }, "run:\(terminal.screen)\nrender:\n\(rendered.stdout)")
        terminal.type("\u{03}")
        #expect(terminal.waitForExit() == 0)
    }

    @Test func theDemoRunsAndQuits() throws {
        let terminal = try TerminalProcess(Paths.binary, ["run", Paths.package + "/Examples/demo.lua", "--no-watch"])
        #expect(terminal.waitForScreen(containing: "count 0"), "\(terminal.screen.text)")
        terminal.type("\r\r")
        #expect(terminal.waitForScreen(containing: "count 2"), "\(terminal.screen.text)")
        #expect(terminal.screen.text.contains("count +1 → 2"))
        terminal.type("\u{03}")
        #expect(terminal.waitForExit() == 0)
    }
}

extension String {
    /// The string with every `target` replaced by `replacement`.
    func replacingOccurrences(_ target: String, _ replacement: String) -> String {
        replacing(target, with: replacement)
    }
}
