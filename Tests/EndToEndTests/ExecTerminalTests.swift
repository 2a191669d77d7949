import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `ui.exec` under `theolua run`, through a pseudo-terminal that is the app's controlling
/// terminal: the program gets the terminal (its output on the screen, keys typed to it),
/// ctrl+c there ends the program and not the app, and the app's screen comes back with
/// the program's exit.
@Suite struct ExecTerminalTests {
    static let app = """
        local ui = require("theolua")
        return ui.component("Exec", {
          initialState = function() return { status = "ready" } end,
          render = function(self)
            return ui.box { focusable = true, autoFocus = true, onKey = self:handler("key"),
              ui.text("app: " .. self.state.status) }
          end,
          actions = {
            key = function(self, key)
              local function done(code, signal)
                self:updateState({ status = "exit " .. tostring(code) .. " signal " .. tostring(signal) })
              end
              if key.name == "e" then
                ui.exec("sh", { "-c", "printf 'program here\\\\n'; read line; printf '%s' \\"$line\\" > out.txt; exit 3" },
                  { onExit = done })
                return true
              elseif key.name == "s" then
                -- It reads a line first: once it says so, it has the terminal's foreground.
                ui.exec("sh", { "-c", "echo program ready; read line; echo sleeping; exec sleep 30" }, { onExit = done })
                return true
              end
            end,
          },
        })
        """

    @Test func theProgramHasTheTerminalAndTheAppComesBackWithItsExit() throws {
        let folder = ScriptFolder()
        defer { folder.remove() }
        let app = folder.write("app.lua", Self.app)
        let terminal = try TerminalProcess(Paths.binary, ["run", app, "--allow-run=sh"], columns: 40, rows: 6)
        #expect(terminal.waitForScreen(containing: "app: ready"), "\(terminal.screen.text)")
        terminal.type("e")
        #expect(terminal.waitForScreen(containing: "program here"), "\(terminal.screen.text)")
        #expect(!terminal.screen.text.contains("app: ready"), "the app's screen is put away for the program")
        terminal.type("hello\r")
        #expect(terminal.waitForScreen(containing: "app: exit 3 signal nil"), "\(terminal.screen.text)")
        #expect(Files.read(folder.path + "/out.txt") == "hello", "the program read the line typed to it")

        // ctrl+c is the program's while it runs: it ends the program, and the app stays.
        terminal.type("s")
        #expect(terminal.waitForScreen(containing: "program ready"), "\(terminal.screen.text)")
        terminal.type("go\r")
        #expect(terminal.waitForScreen(containing: "sleeping"), "\(terminal.screen.text)")
        terminal.type("\u{03}")
        #expect(terminal.waitForScreen(containing: "app: exit nil signal 2"), "\(terminal.screen.text)")
        terminal.type("\u{03}")
        #expect(terminal.waitForExit() == 0)
    }

    @Test func aTerminationWhileTheProgramRunsHangsItUpAndEndsTheApp() throws {
        let folder = ScriptFolder()
        defer { folder.remove() }
        let app = folder.write("app.lua", Self.app)
        let terminal = try TerminalProcess(Paths.binary, ["run", app, "--allow-run=sh"], columns: 40, rows: 6)
        #expect(terminal.waitForScreen(containing: "app: ready"), "\(terminal.screen.text)")
        terminal.type("s")
        #expect(terminal.waitForScreen(containing: "program ready"), "\(terminal.screen.text)")
        kill(terminal.pid, SIGTERM)
        #expect(terminal.waitForExit(timeout: 5) == 128 + SIGTERM)
    }

    /// `ui.clipboard.write` in `run`: OSC 52 reaches the terminal with the text in base64.
    @Test func aCopyReachesTheTerminalAsOSC52() throws {
        let folder = ScriptFolder()
        defer { folder.remove() }
        let app = folder.write(
            "app.lua",
            """
            local ui = require("theolua")
            return ui.component("Copy", {
              initialState = function() return { copied = false } end,
              render = function(self)
                return ui.box { focusable = true, autoFocus = true, onKey = self:handler("key"),
                  ui.text(self.state.copied and "copied" or "ready") }
              end,
              actions = { key = function(self, key)
                if key.name == "y" then ui.clipboard.write("foobar"); self:updateState({ copied = true }) return true end
              end },
            })
            """)
        let terminal = try TerminalProcess(Paths.binary, ["run", app], columns: 20, rows: 3)
        #expect(terminal.waitForScreen(containing: "ready"), "\(terminal.screen.text)")
        terminal.type("y")
        #expect(terminal.waitForScreen(containing: "copied"), "\(terminal.screen.text)")
        #expect(
            terminal.wait(timeout: 2) { String(decoding: $0.output, as: UTF8.self).contains("\u{1B}]52;c;Zm9vYmFy\u{1B}\\") })
        terminal.type("\u{03}")
        #expect(terminal.waitForExit() == 0)
    }
}
