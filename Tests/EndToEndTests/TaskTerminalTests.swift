import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `ui.task` under `theolua run`, through a pseudo-terminal: while a task runs a loop far
/// past the instruction budget, frames keep coming (a timer's ticks are drawn) and keys
/// are answered, and the task's end reaches the screen.
@Suite struct TaskTerminalTests {
    static let app = """
        local ui = require("theolua")
        return ui.component("Busy", {
          initialState = function() return { ticks = 0, keys = 0, result = "working" } end,
          render = function(self)
            return ui.box { focusable = true, autoFocus = true, onKey = self:handler("key"),
              ui.text("ticks " .. self.state.ticks), ui.text("keys " .. self.state.keys), ui.text(self.state.result) }
          end,
          actions = {
            key = function(self)
              self:updateState(function(s) return { ticks = s.ticks, keys = s.keys + 1, result = s.result } end)
              return true
            end,
          },
          controller = {
            init = function(ctl)
              ui.every(0.05, function()
                ctl:updateState(function(s) return { ticks = s.ticks + 1, keys = s.keys, result = s.result } end)
              end)
              ui.task(function()
                local total = 0
                for i = 1, 300000000 do total = total + i % 7 end
                return total
              end, {
                onDone = function(total)
                  ctl:updateState(function(s) return { ticks = s.ticks, keys = s.keys, result = "done " .. total } end)
                end,
              })
            end,
          },
        })
        """

    @Test func framesKeepComingWhileATaskRunsAndItsEndIsDrawn() throws {
        let folder = ScriptFolder()
        defer { folder.remove() }
        let app = folder.write("app.lua", Self.app)
        let terminal = try TerminalProcess(Paths.binary, ["run", app], columns: 30, rows: 4)
        #expect(terminal.waitForScreen(containing: "ticks 1"), "\(terminal.screen.text)")
        // The ticks go on while the task works: ten of them are a half second of frames.
        var seen = Set<String>()
        #expect(
            terminal.wait(timeout: 5) { terminal in
                let lines = terminal.screen.lines
                if lines.count > 2, lines[2].hasPrefix("working") { seen.insert(lines[0]) }
                return seen.count >= 10
            }, "\(terminal.screen.text)")
        terminal.type("ab")
        #expect(terminal.waitForScreen(containing: "keys 2", timeout: 2), "\(terminal.screen.text)")
        #expect(terminal.screen.text.contains("working"), "the keys were answered while the task ran")
        #expect(terminal.waitForScreen(containing: "done 900000003", timeout: 60), "\(terminal.screen.text)")
        terminal.type("\u{03}")
        #expect(terminal.waitForExit() == 0)
    }
}
