import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `theolua run` and the mouse and keyboard protocol through a pseudo-terminal: the
/// modes asked for and given back, clicks and wheel steps as a terminal reports them,
/// `--no-mouse`, and the keyboard protocol turned on only when the terminal answers.
@Suite(.serialized) struct MouseTerminalTests {
    /// A button counting presses, a scroll of 30 rows beside it, and the last key's name.
    static let app = """
        local ui = require("theolua")
        return ui.component("Mousey", {
          initialState = function() return { count = 0, key = "none" } end,
          render = function(self)
            local rows = {}
            for i = 1, 30 do rows[i] = ui.text { "row " .. i, key = i } end
            return ui.column { onKey = self:handler("key"),
              ui.row { gap = 1,
                ui.button { "add", onPress = self:handler("add") },
                ui.text(("count %d key %s"):format(self.state.count, self.state.key)),
              },
              ui.scroll { height = 5, focusable = false, table.unpack(rows) },
            }
          end,
          actions = {
            add = function(self)
              self:updateState(function(s) return { count = s.count + 1, key = s.key } end)
            end,
            key = function(self, k)
              self:updateState(function(s) return { count = s.count, key = k.name } end)
            end,
          },
        })
        """

    private func start(_ extra: [String] = []) throws -> (TerminalProcess, ScriptFolder) {
        let folder = ScriptFolder()
        let app = folder.write("app.lua", Self.app)
        return (try TerminalProcess(Paths.binary, ["run", app, "--no-watch"] + extra, columns: 40, rows: 8), folder)
    }

    @Test func clicksAndTheWheelReachTheAppAndTheModesAreGivenBackOnExit() throws {
        let (terminal, folder) = try start()
        defer { folder.remove() }
        #expect(terminal.waitForScreen(containing: "count 0"), "\(terminal.screen.text)")
        #expect(terminal.screen.mouseModes == [1000, 1002, 1006])
        // SGR reports count from 1: the button's cell (2, 0) is column 3, row 1.
        terminal.type("\u{1B}[<0;3;1M\u{1B}[<0;3;1m")
        #expect(terminal.waitForScreen(containing: "count 1"), "\(terminal.screen.text)")
        terminal.type("\u{1B}[<65;3;3M")
        #expect(terminal.wait { $0.screen.lines[1] == "row 4" }, "\(terminal.screen.text)")
        terminal.type("\u{03}")
        #expect(terminal.waitForExit() == 0)
        #expect(terminal.screen.mouseModes.isEmpty)
        #expect(!terminal.screen.alternateScreen)
    }

    /// A drag over text is drawn as a selection and its text goes to the terminal's
    /// clipboard as OSC 52 when the button goes up; a key ends it.
    @Test func aDragOverTextSelectsItAndCopiesItThroughOSC52() throws {
        let (terminal, folder) = try start()
        defer { folder.remove() }
        #expect(terminal.waitForScreen(containing: "count 0"), "\(terminal.screen.text)")
        // "count 0 key none" starts at column 8 of row 0, after "[ add ]": press on 'c',
        // drag to the 0 (SGR reports count from 1).
        terminal.type("\u{1B}[<0;9;1M\u{1B}[<32;15;1M")
        #expect(terminal.wait { $0.screen.isInverse(x: 10, y: 0) }, "\(terminal.screen.text)")
        terminal.type("\u{1B}[<0;15;1m")
        // "count 0" in base64.
        #expect(
            terminal.wait(timeout: 2) { String(decoding: $0.output, as: UTF8.self).contains("\u{1B}]52;c;Y291bnQgMA==\u{1B}\\") })
        terminal.type("x")
        #expect(terminal.waitForScreen(containing: "key x"), "\(terminal.screen.text)")
        #expect(!terminal.screen.isInverse(x: 10, y: 0))
        terminal.type("\u{03}")
        #expect(terminal.waitForExit() == 0)
    }

    @Test func noMouseAsksForNoReports() throws {
        let (terminal, folder) = try start(["--no-mouse"])
        defer { folder.remove() }
        #expect(terminal.waitForScreen(containing: "count 0"))
        #expect(terminal.screen.mouseModes.isEmpty)
        #expect(!terminal.output.contains(Array("\u{1B}[?1000h".utf8)))
        terminal.type("\u{03}")
        #expect(terminal.waitForExit() == 0)
    }

    @Test func theKeyboardProtocolIsTurnedOnWhenTheTerminalAnswersAndOffOnExit() throws {
        let (terminal, folder) = try start()
        defer { folder.remove() }
        #expect(terminal.waitForScreen(containing: "count 0"))
        #expect(terminal.output.contains(Array("\u{1B}[?u".utf8)), "the app asks")
        #expect(terminal.screen.keyboardProtocolPushes == 0, "nothing is turned on before an answer")
        terminal.type("\u{1B}[?0u")
        #expect(terminal.wait { $0.screen.keyboardProtocolPushes == 1 })
        // ctrl+i and ctrl+enter as the protocol reports them (a legacy terminal sends
        // tab and enter), and esc without the wait that tells it from alt+ keys.
        terminal.type("\u{1B}[105;5u")
        #expect(terminal.waitForScreen(containing: "key ctrl+i"), "\(terminal.screen.text)")
        terminal.type("\u{1B}[13;5u")
        #expect(terminal.waitForScreen(containing: "key ctrl+enter"), "\(terminal.screen.text)")
        terminal.type("\u{1B}[27u")
        #expect(terminal.waitForScreen(containing: "key esc"), "\(terminal.screen.text)")
        terminal.type("\u{03}")
        #expect(terminal.waitForExit() == 0)
        #expect(terminal.screen.keyboardProtocolPushes == 0)
        #expect(terminal.screen.mouseModes.isEmpty)
    }
}
