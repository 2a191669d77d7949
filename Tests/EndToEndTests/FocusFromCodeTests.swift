import Testing

/// Focus from code as users run it: `self:focus(id)` from a key, `onFocus`/`onBlur`
/// for styling, and a focusable box without a border drawn inverse (docs/lua-api.md,
/// Focus).
@Suite struct FocusFromCodeTests {
    static let app = """
        local ui = require("theolua")
        return ui.component("Finder", {
          initialState = function() return { query = "", searching = false } end,
          render = function(self)
            local s = self.state
            return ui.column { onKey = self:handler("key"),
              ui.box { focusable = true, ui.text "first row" },
              ui.box { focusable = true, ui.text "second row" },
              ui.input { value = s.query, id = "query", placeholder = "press / to search",
                border = s.searching and "round" or nil,
                onChange = self:handler("edit"),
                onFocus = self:handler("searching", true), onBlur = self:handler("searching", false) },
            }
          end,
          actions = {
            edit = function(self, query)
              self:updateState(function(s) return { query = query, searching = s.searching } end)
            end,
            searching = function(self, on)
              self:updateState(function(s) return { query = s.query, searching = on } end)
            end,
            key = function(self, event)
              if event.name ~= "/" then return false end
              self:focus("query")
              return true
            end,
          },
        })
        """

    @Test func aKeyFocusesTheSearchFieldWhichShowsItHasFocus() {
        let folder = ScriptFolder()
        defer { folder.remove() }
        let path = folder.write("app.lua", Self.app)
        let result = runTheolua(["render", path, "--size", "24x5", "--keys", "/ text:abc"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(
            result.stdout
                == "first row\nsecond row\n┏━━━━━━━━━━━━━━━━━━━━━━┓\n┃abc                   ┃\n┗━━━━━━━━━━━━━━━━━━━━━━┛\n"
        )
        let ansi = runTheolua(["render", path, "--size", "24x5", "--ansi"])
        #expect(
            ansi.stdout.hasPrefix("\u{1B}[7mfirst row"), "the focused row is inverse: \(ansi.stdout.debugDescription)")
    }

    @Test func inATerminalTheFocusedRowIsInverseAndSlashFocusesTheField() throws {
        let folder = ScriptFolder()
        defer { folder.remove() }
        let path = folder.write("app.lua", Self.app)
        let terminal = try TerminalProcess(Paths.binary, ["run", path], columns: 30, rows: 6)
        #expect(terminal.waitForScreen(containing: "press / to search"), "\(terminal.screen.text)")
        #expect(terminal.screen.isInverse(x: 0, y: 0), "\(terminal.screen.text)")
        terminal.type("/")
        #expect(terminal.waitForScreen(containing: "┏━"), "\(terminal.screen.text)")
        #expect(!terminal.screen.isInverse(x: 0, y: 0))
        terminal.type("xyz")
        #expect(terminal.waitForScreen(containing: "┃xyz"), "\(terminal.screen.text)")
        terminal.type("\u{09}")  // tab: the field loses focus and its border
        #expect(terminal.waitForScreen(containing: "xyz"), "\(terminal.screen.text)")
        terminal.type("\u{03}")
        #expect(terminal.waitForExit() == 0)
    }
}
