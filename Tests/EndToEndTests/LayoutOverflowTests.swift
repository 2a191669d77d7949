import Testing

/// A column that overflows keeps its start: its first children stay whole and the last
/// ones are clipped, an input keeps its text row while the log below it grows, and a
/// button keeps its label in a row short of room (docs/lua-api.md, Layout).
@Suite struct LayoutOverflowTests {
    /// A log viewer: a filter input, a bordered panel holding the log, a footer. Each
    /// `+` adds five lines to the log.
    static let logViewer = """
        local ui = require("theolua")
        return ui.component("Viewer", {
          initialState = function() return { lines = { "started" } } end,
          render = function(self)
            local rows = {}
            for i, line in ipairs(self.state.lines) do rows[i] = ui.text { line, key = i } end
            return ui.column { height = "100%", onKey = self:handler("key"),
              ui.input { value = "error", border = "round", focusable = false },
              ui.box { border = "single", grow = 1, ui.scroll { follow = true, rows } },
              ui.row { gap = 1,
                ui.text { "lines:" .. #self.state.lines },
                ui.button { "Clear", focusable = false },
                ui.text { "all systems go", grow = 1 },
              },
            }
          end,
          actions = {
            key = function(self, event)
              if event.name ~= "+" then return false end
              self:updateState(function(s)
                local lines = { table.unpack(s.lines) }
                for _ = 1, 5 do lines[#lines + 1] = "line " .. #lines end
                return { lines = lines }
              end)
              return true
            end,
          },
        })
        """

    private func render(_ source: String, size: String, keys: String = "") -> [String] {
        let folder = ScriptFolder()
        defer { folder.remove() }
        let app = folder.write("app.lua", source)
        let result = runTheolua(["render", app, "--size", size, "--keys", keys])
        #expect(result.status == 0, "\(result.stderr)")
        return result.stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
    }

    @Test func tenRowsInASixRowBoxShowTheFirstSix() {
        let source = """
            local ui = require("theolua")
            local rows = {}
            for i = 1, 10 do rows[i] = ui.row { ui.text("row " .. i), ui.text { " ok", dim = true } } end
            return ui.column { height = 6, rows }
            """
        #expect(
            render(source, size: "12x7") == [
                "row 1 ok", "row 2 ok", "row 3 ok", "row 4 ok", "row 5 ok", "row 6 ok", "",
            ])
    }

    @Test func theInputKeepsItsRowAndTheLogGivesWay() {
        let screen = render(Self.logViewer, size: "30x9", keys: "+ + + +")
        #expect(
            screen == [
                "╭────────────────────────────╮",
                "│error                       │",
                "╰────────────────────────────╯",
                "┌────────────────────────────┐",
                "│line 19                     │",
                "│line 20                     │",
                "└────────────────────────────┘",
                "lines:21 [ Clear ] all systems",
                "                   go",
            ], "\(screen.joined(separator: "\n"))")
    }

    @Test func inATerminalTheInputStaysAsTheLogGrows() throws {
        let folder = ScriptFolder()
        defer { folder.remove() }
        let app = folder.write("app.lua", Self.logViewer)
        let terminal = try TerminalProcess(Paths.binary, ["run", app], columns: 40, rows: 10)
        #expect(terminal.waitForScreen(containing: "lines:1 "), "\(terminal.screen.text)")
        terminal.type("++++++++")
        #expect(terminal.waitForScreen(containing: "lines:41"), "\(terminal.screen.text)")
        let lines = terminal.screen.lines
        #expect(lines[1].hasPrefix("│error"), "\(terminal.screen.text)")
        #expect(lines[7].hasPrefix("│line 40"), "the log follows its end: \(terminal.screen.text)")
        #expect(lines[9].hasPrefix("lines:41 [ Clear ] all systems go"), "\(terminal.screen.text)")
        terminal.type("\u{03}")
        #expect(terminal.waitForExit() == 0)
    }
}
