import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `theolua run --inline` through a pseudo-terminal, read with a terminal model that
/// scrolls and keeps a scrollback: the app draws below the shell's lines in the normal
/// screen, as tall as its content; `ui.print` writes above it; clicks reach it at its
/// rows; on exit its last frame stays with the cursor below it.
@Suite(.serialized) struct InlineTerminalTests {
    /// Steps that + adds and - removes, p printing a line, clicks on a step counting,
    /// q quitting.
    static let app = """
        local ui = require("theolua")
        return ui.component("Steps", {
          initialState = function() return { n = 1, clicks = 0 } end,
          render = function(self)
            local rows = {}
            for i = 1, self.state.n do
              rows[i] = ui.text { "step " .. i, key = i, onClick = self:handler("click") }
            end
            return ui.column { onKey = self:handler("key"),
              ui.text(("steps %d clicks %d"):format(self.state.n, self.state.clicks)),
              rows,
            }
          end,
          actions = {
            click = function(self)
              self:updateState(function(s) return { n = s.n, clicks = s.clicks + 1 } end)
              return true
            end,
            key = function(self, key)
              if key.name == "+" then self:updateState(function(s) return { n = s.n + 1, clicks = s.clicks } end)
              elseif key.name == "-" then
                self:updateState(function(s) return { n = math.max(0, s.n - 1), clicks = s.clicks } end)
              elseif key.name == "p" then ui.print("printed " .. self.state.n)
              elseif key.name == "e" then ui.exec("printf", { "hello\\nworld\\n" })
              elseif key.name == "f" then
                ui.exec("sh", { "-c", "printf '\\\\033[?1049hfull screen'; sleep 0.3; printf '\\\\033[?1049l'" })
              elseif key.name == "c" then ui.print("x\\27[7my\\194\\1557mz\\rw")
              elseif key.name == "q" then ui.quit()
              else return false end
              return true
            end,
          },
        })
        """

    private static let shell = "$ first\r\nfirst output\r\n$ theolua run --inline app.lua\r\n"

    private func start(_ extra: [String] = [], rows: Int = 10) throws -> (TerminalProcess, ScriptFolder) {
        let folder = ScriptFolder()
        let app = folder.write("app.lua", Self.app)
        let terminal = try TerminalProcess(
            Paths.binary, ["run", app, "--no-watch", "--inline"] + extra, columns: 40, rows: rows, shown: Self.shell)
        return (terminal, folder)
    }

    @Test func theAppDrawsBelowTheShellAndItsLastFrameStays() throws {
        let (terminal, folder) = try start()
        defer { folder.remove() }
        #expect(terminal.waitForScreen(containing: "steps 1 clicks 0"), "\(terminal.screen)")
        #expect(!terminal.screen.alternateScreen)
        #expect(
            Array(terminal.screen.lines.prefix(5)) == [
                "$ first", "first output", "$ theolua run --inline app.lua", "steps 1 clicks 0", "step 1",
            ], "\(terminal.screen)")
        // It grows as its content does, and shrinks.
        terminal.type("++")
        #expect(terminal.wait { $0.screen.lines[6] == "step 3" }, "\(terminal.screen)")
        terminal.type("--")
        #expect(terminal.wait { $0.screen.lines[4] == "step 1" && $0.screen.lines[5].isEmpty }, "\(terminal.screen)")
        // Printed lines go above it; the shell's lines stay above them.
        terminal.type("p")
        #expect(
            terminal.wait { $0.screen.lines[3] == "printed 1" && $0.screen.lines[4] == "steps 1 clicks 0" },
            "\(terminal.screen)")
        #expect(terminal.screen.lines[2] == "$ theolua run --inline app.lua")
        terminal.type("q")
        #expect(terminal.waitForExit() == 0)
        // The last frame stays, and the cursor is on the line below it.
        #expect(
            Array(terminal.screen.lines.prefix(6)) == [
                "$ first", "first output", "$ theolua run --inline app.lua", "printed 1", "steps 1 clicks 0", "step 1",
            ], "\(terminal.screen)")
        #expect(terminal.screen.cursorY == 6 && terminal.screen.cursorX == 0)
        #expect(terminal.screen.cursorVisible)
        #expect(terminal.screen.scrollback.isEmpty)
    }

    @Test func aProgramWritesWhereTheAppWasAndTheAppComesBackBelowIt() throws {
        let (terminal, folder) = try start(["--allow-run"])
        defer { folder.remove() }
        #expect(terminal.waitForScreen(containing: "steps 1 clicks 0"), "\(terminal.screen)")
        let shell = ["$ first", "first output", "$ theolua run --inline app.lua"]
        // A program that writes lines: they stay, and the app is drawn once, below them.
        terminal.type("e")
        #expect(
            terminal.wait { Array($0.screen.lines.prefix(7)) == shell + ["hello", "world", "steps 1 clicks 0", "step 1"] },
            "\(terminal.screen)")
        #expect(terminal.wait { $0.screen.lines[7].isEmpty }, "\(terminal.screen)")
        // A program on the alternate screen: the app comes back where it was, once.
        terminal.type("f")
        #expect(terminal.waitForScreen(containing: "full screen"), "\(terminal.screen)")
        #expect(
            terminal.wait {
                !$0.screen.alternateScreen
                    && Array($0.screen.lines.prefix(8)) == shell + ["hello", "world", "steps 1 clicks 0", "step 1", ""]
            }, "\(terminal.screen)")
        terminal.type("q")
        #expect(terminal.waitForExit() == 0)
        #expect(terminal.screen.scrollback.isEmpty, "\(terminal.screen.scrollback)")
    }

    @Test func printedControlCharactersAreShownNeverObeyed() throws {
        let (terminal, folder) = try start()
        defer { folder.remove() }
        #expect(terminal.waitForScreen(containing: "steps 1 clicks 0"), "\(terminal.screen)")
        let before = terminal.output.count
        terminal.type("c")
        // ESC, an 8-bit CSI (U+009B) and a carriage return, each drawn instead of obeyed.
        #expect(terminal.wait { $0.screen.lines[3] == "x␛[7my�7mz␍w" }, "\(terminal.screen)")
        let written = Array(terminal.output[before...])
        #expect(!zip(written, written.dropFirst()).contains { $0 == 0xC2 && (0x80...0x9F).contains($1) })
        #expect(terminal.screen.lines[3].unicodeScalars.allSatisfy { $0.value >= 0x20 })
        terminal.type("q")
        #expect(terminal.waitForExit() == 0)
    }

    @Test func aPositionAskedJustBeforeQuittingIsAnsweredBeforeTheShellGetsTheTerminal() throws {
        // p prints (and asks where the area went), q quits, in one read: the answer must
        // not arrive after the app ended, where the shell's terminal would echo it.
        let (terminal, folder) = try start()
        defer { folder.remove() }
        #expect(terminal.waitForScreen(containing: "steps 1 clicks 0"), "\(terminal.screen)")
        // A terminal that answers late: the answer comes a tenth of a second after.
        // (A tenth of a second of the clock: the test's waits stretch under sanitizers.)
        terminal.holdsReplies = true
        terminal.type("pq")
        let held = ContinuousClock.now + .milliseconds(100)
        while ContinuousClock.now < held { _ = terminal.wait(timeout: 0.005) { _ in false } }
        terminal.sendHeldReplies()
        terminal.holdsReplies = false
        #expect(terminal.waitForExit() == 0)
        usleep(200_000)
        _ = terminal.wait(timeout: 0.5) { _ in false }
        #expect(terminal.screen.lines[3] == "printed 1", "\(terminal.screen)")
        #expect(!terminal.screen.text.contains("R"), "no echoed report: \(terminal.screen)")
        #expect(terminal.screen.cursorX == 0, "\(terminal.screen)")
    }

    @Test func growingPastTheBottomScrollsTheShellIntoTheScrollback() throws {
        let (terminal, folder) = try start(rows: 6)
        defer { folder.remove() }
        #expect(terminal.waitForScreen(containing: "steps 1"), "\(terminal.screen)")
        terminal.type("+++")
        #expect(terminal.waitForScreen(containing: "step 4"), "\(terminal.screen)")
        // 5 rows of app on a screen of 6: the shell's first two lines scrolled away.
        #expect(
            terminal.screen.lines == [
                "$ theolua run --inline app.lua", "steps 4 clicks 0", "step 1", "step 2", "step 3", "step 4",
            ], "\(terminal.screen)")
        #expect(terminal.screen.scrollback == ["$ first", "first output"])
        // Never taller than the screen: more steps are cut at the bottom.
        terminal.type("+++")
        #expect(terminal.waitForScreen(containing: "steps 7"), "\(terminal.screen)")
        #expect(terminal.screen.lines.first == "steps 7 clicks 0", "\(terminal.screen)")
        // Printing when the app fills the screen: the printed line goes to the
        // scrollback, and none of the app's frames does.
        terminal.type("p")
        #expect(terminal.wait { $0.screen.scrollback.last == "printed 7" }, "\(terminal.screen)")
        #expect(!terminal.screen.scrollback.contains { $0.hasPrefix("step") }, "\(terminal.screen.scrollback)")
        terminal.type("q")
        #expect(terminal.waitForExit() == 0)
    }

    @Test func fullScreenPrintedLinesGoToTheLog() throws {
        let folder = ScriptFolder()
        defer { folder.remove() }
        let app = folder.write("app.lua", Self.app)
        let terminal = try TerminalProcess(Paths.binary, ["run", app, "--no-watch"], columns: 40, rows: 8)
        #expect(terminal.waitForScreen(containing: "steps 1"), "\(terminal.screen)")
        #expect(terminal.screen.alternateScreen)
        terminal.type("p")
        terminal.type("\u{1B}[24~")  // F12: the log
        #expect(terminal.waitForScreen(containing: "printed 1"), "\(terminal.screen)")
        terminal.type("\u{03}")
        #expect(terminal.waitForExit() == 0)
    }

    @Test func aResizeDrawsTheAppAgainAtTheNewWidth() throws {
        let (terminal, folder) = try start()
        defer { folder.remove() }
        #expect(terminal.waitForScreen(containing: "steps 1"), "\(terminal.screen)")
        terminal.type("+")
        #expect(terminal.waitForScreen(containing: "step 2"), "\(terminal.screen)")
        // This model forgets its screen on a resize, as a terminal that reflows may
        // garble it: the app draws itself again from where it starts.
        terminal.resize(columns: 12, rows: 10)
        #expect(
            terminal.wait { $0.screen.lines.prefix(4) == ["steps 2", "clicks 0", "step 1", "step 2"] },
            "\(terminal.screen)")
        terminal.type("+")
        #expect(terminal.waitForScreen(containing: "step 3"), "\(terminal.screen)")
        #expect(terminal.screen.lines.filter { $0 == "step 1" }.count == 1, "\(terminal.screen)")
        terminal.type("q")
        #expect(terminal.waitForExit() == 0)
    }

    @Test func heightLimitsTheRowsAndClicksReachTheAppAtItsRows() throws {
        let (terminal, folder) = try start(["--height", "3"])
        defer { folder.remove() }
        #expect(terminal.waitForScreen(containing: "steps 1"), "\(terminal.screen)")
        terminal.type("+++")
        #expect(terminal.waitForScreen(containing: "steps 4"), "\(terminal.screen)")
        #expect(
            Array(terminal.screen.lines[3...6]) == ["steps 4 clicks 0", "step 1", "step 2", ""], "\(terminal.screen)")
        // "step 2" is on the screen's fifth row (SGR reports count from 1).
        terminal.type("\u{1B}[<0;3;5M\u{1B}[<0;3;5m")
        #expect(terminal.waitForScreen(containing: "clicks 1"), "\(terminal.screen)")
        // A click on the shell's lines above the app is not the app's.
        terminal.type("\u{1B}[<0;3;1M\u{1B}[<0;3;1m")
        terminal.type("+")
        #expect(terminal.waitForScreen(containing: "steps 5 clicks 1"), "\(terminal.screen)")
        terminal.type("\u{03}")
        #expect(terminal.waitForExit() == 0)
        #expect(terminal.screen.mouseModes.isEmpty)
    }
}
