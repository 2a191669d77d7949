import Testing
import TheoluaCanvas
import TheoluaCore
import TheoluaRuntime

/// `ui.textarea`'s `highlight`, `lineNumbers` and `onCursor` (docs/lua-api.md,
/// `ui.textarea`): a Lua function styles lines, asked only for lines whose text or
/// number changed; numbers in a gutter; the cursor's place told to the app.
@Suite struct LuaTextareaHighlightTests {
    /// Keywords in magenta, comments in green; each call is printed, so the test counts them.
    static let editor = """
        local ui = require("theolua")
        local keywords = { ["local"] = true, ["function"] = true, ["return"] = true, ["end"] = true }
        local function highlight(line, number)
          print(number .. ":" .. line)
          local looks = {}
          for from, word, to in line:gmatch("()([%a_][%w_]*)()") do
            if keywords[word] then looks[#looks + 1] = { from, to - 1, { color = "magenta", bold = true } } end
          end
          local comment = line:find("--", 1, true)
          if comment then looks[#looks + 1] = { comment, #line, "green" } end
          return looks
        end
        return ui.component("Editor", {
          props = { rows = { "integer", default = 4 } },
          initialState = function() return { text = "local x = 1 -- one\\nfunction f()\\n  return x\\nend", at = "none" } end,
          render = function(self)
            return ui.column {
              ui.textarea { value = self.state.text, rows = self.props.rows, lineNumbers = true, highlight = highlight,
                onChange = self:handler("edit"), onCursor = self:handler("moved") },
              ui.text("at " .. self.state.at),
            }
          end,
          actions = {
            edit = function(self, v) self:updateState(function(s) return { text = v, at = s.at } end) end,
            moved = function(self, p)
              self:updateState(function(s) return { text = s.text, at = p.line .. ":" .. p.column } end)
            end,
          },
        })
        """

    private func editor(width: Int = 24, height: Int = 5) throws -> LuaApp {
        try LuaApp(Self.editor, width: width, height: height)
    }

    @Test func theFunctionStylesTheBytesItNames() throws {
        let app = try editor()
        #expect(app.lines.prefix(4) == [" 1 local x = 1 -- one", " 2 function f()", " 3   return x", " 4 end"])
        let screen = app.runtime.screen
        // "function" on row 1, after the gutter of three cells.
        #expect(screen[3, 1].style.foreground == Color(parsing: "magenta"))
        #expect(screen[3, 1].style.attributes.contains(.bold))
        #expect(screen[10, 1].style.foreground == Color(parsing: "magenta"))
        #expect(screen[11, 1].style.foreground == .default)
        // The comment, in green, to the line's end.
        #expect(screen[15, 0].style.foreground == Color(parsing: "green"))
        #expect(screen[20, 0].style.foreground == Color(parsing: "green"))
        // The gutter is dimmed.
        #expect(screen[1, 0].style.attributes.contains(.dim))
    }

    @Test func itIsAskedOnlyForLinesThatChanged() throws {
        let app = try editor()
        #expect(Set(app.takeLogs()) == ["1:local x = 1 -- one", "2:function f()", "3:  return x", "4:end"])
        // Moving the cursor changes no line.
        app.press("down down right right")
        #expect(app.takeLogs() == [])
        // Typing changes one.
        app.press("text:!")
        #expect(app.takeLogs() == ["3:  !return x"])
        app.press("ctrl+z")
        #expect(app.takeLogs() == ["3:  return x"])
    }

    @Test func aNewLineAsksForTheLinesItRenumbers() throws {
        let app = try editor()
        _ = app.takeLogs()
        app.press("down end enter")
        // Line 3 is new and the old 3 is 4 now; line 4 ("end") scrolled out of the four rows.
        #expect(Set(app.takeLogs()) == ["3:", "4:  return x"])
    }

    @Test func scrollingAsksForTheLinesThatComeIntoView() throws {
        let twoRows = try LuaApp(Self.editor, width: 24, height: 3, props: ["rows": .int(2)])
        _ = twoRows.takeLogs()
        twoRows.press("down down")
        #expect(twoRows.takeLogs() == ["3:  return x"])
        twoRows.press("up")
        #expect(twoRows.takeLogs() == [], "line 2 was in view all along")
        twoRows.press("up")
        #expect(twoRows.takeLogs() == ["1:local x = 1 -- one"], "line 1 left the view and came back")
    }

    @Test func aSelectionIsDrawnOverTheLooks() throws {
        let app = try editor()
        app.press("shift+right shift+right")
        let screen = app.runtime.screen
        #expect(screen[4, 0].style.attributes.contains(.inverse))
        #expect(screen[4, 0].style.foreground == Color(parsing: "magenta"))
        // The cursor cell (inverse too) comes next; after it, neither.
        #expect(!screen[6, 0].style.attributes.contains(.inverse))
        #expect(screen[6, 0].style.foreground == Color(parsing: "magenta"))
    }

    @Test func theCursorsPlaceIsToldAsItMoves() throws {
        let app = try editor()
        app.press("down right right")
        #expect(app.lines[4] == "at 2:3")
        app.press("ctrl+end")
        #expect(app.lines[4] == "at 4:4")
    }

    @Test func entriesOfAnotherShapeAreLeftOutAndPositionsCutToTheLine() throws {
        let app = try LuaApp(
            """
            local ui = require("theolua")
            return ui.component("Odd", {
              render = function(self)
                return ui.textarea { value = "abcdef", onChange = function() end,
                  highlight = function(line)
                    return { { 5, 99, "red" }, { 0, 1, { bg = "blue" } }, "nonsense", { 2 }, { 4, 3, "green" } }
                  end }
              end,
            })
            """, width: 10, height: 3)
        let screen = app.runtime.screen
        #expect(screen[0, 0].style.background == Color(parsing: "blue"))
        #expect(screen[1, 0].style.background == .default)
        #expect(screen[3, 0].style.foreground == .default)
        #expect(screen[4, 0].style.foreground == Color(parsing: "red"))
        #expect(screen[5, 0].style.foreground == Color(parsing: "red"))
        #expect(app.errors() == [])
    }

    @Test func anErrorInTheFunctionIsReportedOnceForTheLine() throws {
        let app = try LuaApp(
            """
            local ui = require("theolua")
            return ui.component("Broken", {
              render = function(self)
                return ui.textarea { value = "one", onChange = function() end,
                  highlight = function(line) error("no colors today") end }
              end,
            })
            """, width: 10, height: 3)
        _ = app.runtime.screen
        let errors = app.errors()
        #expect(errors.count == 1)
        #expect(errors.first?.contains("no colors today") == true)
        #expect(app.lines[0] == "one")
    }
}
