import Testing
import TheoluaCanvas
import TheoluaCore

@testable import TheoluaRuntime
@testable import TheoluaWidgets

/// `ui.palette`: ctrl+p opens a palette of the app's commands, found by fuzzy matching.
@Suite struct PaletteTests {
    static let app = """
        local ui = require("theolua")
        return ui.component("App", {
          initialState = function() return { last = "nothing" } end,
          render = function(self)
            local function command(name, key, help)
              return { name = name, key = key, help = help, run = function() self:updateState({ last = name }) end }
            end
            return ui.palette { height = "100%",
              commands = {
                command("Save file", "ctrl+s"), command("Open file", "ctrl+o"), command("Toggle sidebar"),
                command("Go to line", "ctrl+g"), command("Quit"),
              },
              ui.box { focusable = true, autoFocus = true, grow = 1, ui.text("last: " .. self.state.last) },
              ui.keyhints {},
            }
          end,
        })
        """

    private func app() throws -> LuaApp { try LuaApp(Self.app, width: 40, height: 10) }

    @Test func ctrlPOpensItAndTypingFindsTheCommands() throws {
        let app = try app()
        #expect(app.lines[9] == "ctrl+p commands")
        app.press("ctrl+p")
        expectScreen(
            app,
            [
                "last: nothing", "        ╭─ Commands ───────────╮", "        │ Type a command       │",
                "        │ Save file     ctrl+s │", "        │ Open file     ctrl+o │", "        │ Toggle sidebar       │",
                "        │ Go to line    ctrl+g │", "        │ Quit                 │", "        ╰──────────────────────╯",
                "↑↓ move  enter run  esc close",
            ])
        app.press("text:tsb")
        #expect(app.lines[2] == "        │ tsb                  │")
        #expect(app.lines[3] == "        │ Toggle sidebar       │")
        #expect(app.lines[4] == "        ╰──────────────────────╯")
        // The matched characters are bold in the accent.
        let screen = app.runtime.screen
        #expect(screen[10, 3].style.attributes.contains(.bold) && screen[10, 3].style.foreground == .cyan)
        #expect(!screen[11, 3].style.attributes.contains(.bold))
        #expect(screen[17, 3].style.attributes.contains(.bold))
    }

    @Test func enterRunsTheHighlightedCommandAndClosesIt() throws {
        let app = try app()
        app.press("ctrl+p text:of enter")
        #expect(app.lines[0] == "last: Open file")
        #expect(!app.runtime.text.contains("Commands"))
        app.press("ctrl+p down down up enter")
        #expect(app.lines[0] == "last: Open file", "the second command")
        app.press("ctrl+p click:12,5")
        #expect(app.lines[0] == "last: Toggle sidebar")
    }

    @Test func escClosesItRunningNothing() throws {
        let app = try app()
        app.press("ctrl+p text:quit esc")
        #expect(app.lines[0] == "last: nothing")
        #expect(!app.runtime.text.contains("Commands"))
        app.press("ctrl+p text:zzz")
        #expect(app.lines[3] == "        │ no command matches   │")
        app.press("enter esc")
        #expect(app.lines[0] == "last: nothing")
    }

    @Test func wordStartsAndRunsRankFirst() {
        let commands = ["Open file", "Go to line", "Toggle line numbers", "Fold all"].map {
            Palette.Command(name: $0, run: nil, key: nil, help: nil)
        }
        #expect(Palette.matches(of: "line", in: commands).map(\.index) == [1, 2])
        #expect(Palette.matches(of: "tln", in: commands).map(\.index) == [2, 1])
        #expect(Palette.matches(of: "fa", in: commands).map(\.index).first == 3)
        #expect(Palette.matches(of: "", in: commands).map(\.index) == [0, 1, 2, 3])
        #expect(Palette.match(Array("gl"), in: "Go to line")?.positions == [0, 6])
        // A word start that leaves a later character nowhere still matches elsewhere.
        #expect(Palette.match(Array("eb"), in: "Open Bookmark in Editor")?.positions == [2, 5])
    }

    @Test func anySizeDrawsWithoutErrors() throws {
        for (width, height) in [(1, 1), (4, 2), (9, 3), (20, 5), (80, 24)] {
            let app = try LuaApp(Self.app, width: width, height: height)
            app.press("ctrl+p text:o down")
            #expect(app.errors() == [], "\(width)x\(height)")
            #expect(app.runtime.text.split(separator: "\n", omittingEmptySubsequences: false).count == height)
        }
    }
}
