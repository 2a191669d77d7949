import Testing
import TheoluaCanvas
import TheoluaCore

@testable import TheoluaRuntime

/// PRODUCT.md §5, `ui.textarea`: a controlled multi-line editor.
@Suite struct LuaTextareaTests {
    /// An editor of `value` that keeps every edit, with the value's length below it.
    static func editor(_ value: String, props: String = "border = \"single\", rows = 4") -> String {
        """
        local ui = require("theolua")
        return ui.component("App", {
          initialState = function() return { text = \(luaString(value)) } end,
          actions = { edit = function(self, v) self:updateState { text = v } end },
          render = function(self)
            return ui.column {
              ui.textarea { value = self.state.text, onChange = self:handler("edit"), \(props) },
              ui.text { "len " .. #self.state.text },
            }
          end,
        })
        """
    }

    static func luaString(_ text: String) -> String {
        "\""
            + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\n", with: "\\n")
            .replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }

    /// The screen with the cursor cell (the one inverse cell) bracketed: `a⟦b⟧c`.
    static func withCursor(_ app: LuaApp) -> [String] {
        let screen = app.runtime.screen
        var lines: [String] = []
        for y in 0..<screen.height {
            var line = ""
            for x in 0..<screen.width {
                let cell = screen[x, y]
                guard !cell.isContinuation else { continue }
                let text = cell.text.isEmpty ? " " : cell.text
                line += cell.style.attributes.contains(.inverse) ? "⟦\(text)⟧" : text
            }
            while line.hasSuffix(" ") { line.removeLast() }
            lines.append(line)
        }
        return lines
    }

    @Test func itWrapsByWordAndShowsTheCursorAtTheStart() throws {
        let app = try LuaApp(Self.editor("The quick brown fox jumps over the lazy dog.\nend"), width: 16, height: 7)
        #expect(
            Self.withCursor(app) == [
                "┏━━━━━━━━━━━━━━┓", "┃⟦T⟧he quick     ┃", "┃brown fox     ┃", "┃jumps over    ┃",
                "┃the lazy dog. ┃", "┗━━━━━━━━━━━━━━┛", "len 48",
            ])
        #expect(app.errors() == [])
    }

    @Test func typingEnterAndBackspaceEditAcrossLines() throws {
        let app = try LuaApp(Self.editor("ab\ncd"), width: 12, height: 7)
        app.press("end text:X enter text:Y")
        expectScreen(
            app,
            ["┏━━━━━━━━━━┓", "┃abX       ┃", "┃Y         ┃", "┃cd        ┃", "┃          ┃", "┗━━━━━━━━━━┛", "len 8"])
        // Backspace at a line's start joins it to the line before.
        app.press("left backspace")
        expectScreen(
            app,
            ["┏━━━━━━━━━━┓", "┃abXY      ┃", "┃cd        ┃", "┃          ┃", "┃          ┃", "┗━━━━━━━━━━┛", "len 7"])
        #expect(Self.withCursor(app)[1] == "┃abX⟦Y⟧      ┃")
        // Delete at a line's end joins the next line to it.
        app.press("end delete")
        expectScreen(
            app,
            ["┏━━━━━━━━━━┓", "┃abXYcd    ┃", "┃          ┃", "┃          ┃", "┃          ┃", "┗━━━━━━━━━━┛", "len 6"])
        #expect(app.errors() == [])
    }

    @Test func upAndDownMoveByRowOnScreenKeepingTheColumn() throws {
        // "alpha beta gamma" wraps as "alpha beta " / "gamma" at 11 cells.
        let app = try LuaApp(Self.editor("alpha beta gamma\nxy\nlonger line", props: "rows = 4"), width: 11, height: 5)
        app.press("right right right right right right right")
        #expect(Self.withCursor(app)[0] == "alpha b⟦e⟧ta")
        app.press("down")
        // The second row is shorter: the cursor stops at its end.
        #expect(Self.withCursor(app)[1] == "gamma⟦ ⟧")
        app.press("down")
        #expect(Self.withCursor(app)[2] == "xy⟦ ⟧")
        app.press("down")
        // The column it started from (7) is kept while up and down repeat.
        #expect(Self.withCursor(app)[3] == "longer ⟦l⟧ine")
        app.press("up up up")
        #expect(Self.withCursor(app)[0] == "alpha b⟦e⟧ta")
        // Up on the first row goes to the start; down on the last to the end.
        app.press("up")
        #expect(Self.withCursor(app)[0] == "⟦a⟧lpha beta")
        app.press("down down down down")
        // "longer line" fills its row: the end of the text has a row of its own.
        #expect(Self.withCursor(app) == ["gamma", "xy", "longer line", "⟦ ⟧", "len 31"])
        #expect(app.errors() == [])
    }

    @Test func homeAndEndGoToTheRowOnScreenAndCtrlAAndCtrlEToTheLine() throws {
        let app = try LuaApp(Self.editor("alpha beta gamma", props: "rows = 2"), width: 11, height: 3)
        app.press("down end")
        #expect(Self.withCursor(app)[1] == "gamma⟦ ⟧")
        app.press("home")
        #expect(Self.withCursor(app)[1] == "⟦g⟧amma")
        app.press("ctrl+a")
        #expect(Self.withCursor(app)[0] == "⟦a⟧lpha beta")
        // End on a row that is not its line's last stops before the row's last character.
        app.press("end")
        #expect(Self.withCursor(app)[0] == "alpha beta⟦ ⟧")
        app.press("ctrl+e")
        #expect(Self.withCursor(app)[1] == "gamma⟦ ⟧")
        #expect(app.errors() == [])
    }

    @Test func theViewScrollsToKeepTheCursorInIt() throws {
        let text = (1...30).map { "line \($0)" }.joined(separator: "\n")
        let app = try LuaApp(Self.editor(text, props: "rows = 3"), width: 10, height: 4)
        expectScreen(app, ["line 1", "line 2", "line 3", "len \(text.utf8.count)"])
        app.press("down down down")
        expectScreen(app, ["line 2", "line 3", "line 4", "len \(text.utf8.count)"])
        app.press("pagedown")
        expectScreen(app, ["line 5", "line 6", "line 7", "len \(text.utf8.count)"])
        #expect(Self.withCursor(app)[2] == "⟦l⟧ine 7")
        app.press("ctrl+end")
        expectScreen(app, ["line 28", "line 29", "line 30", "len \(text.utf8.count)"])
        app.press("pageup")
        expectScreen(app, ["line 25", "line 26", "line 27", "len \(text.utf8.count)"])
        app.press("ctrl+home")
        expectScreen(app, ["line 1", "line 2", "line 3", "len \(text.utf8.count)"])
        // The wheel scrolls the view and leaves the cursor where it is.
        try app.runtime.send(keys: "wheel:down@2,1")
        expectScreen(app, ["line 4", "line 5", "line 6", "len \(text.utf8.count)"])
        #expect(app.errors() == [])
    }

    @Test func aPasteKeepsItsLineBreaksAndTabs() throws {
        let app = try LuaApp(Self.editor("[]", props: "rows = 4"), width: 16, height: 5)
        app.press("right")
        app.runtime.paste("one\r\ntwo\n\tthree\u{7}")
        expectScreen(app, ["[one", "two", "    three]", "", "len 16"])
        #expect(Self.withCursor(app)[2] == "    three⟦]⟧")
        #expect(app.errors() == [])
    }

    @Test func aClickPutsTheCursorOnTheCharacterClicked() throws {
        let app = try LuaApp(
            Self.editor("first line\nsecond", props: "border = \"single\", rows = 2"), width: 14, height: 5)
        try app.runtime.send(keys: "click:4,2")
        #expect(Self.withCursor(app)[2] == "┃sec⟦o⟧nd      ┃")
        try app.runtime.send(keys: "click:12,1")
        #expect(Self.withCursor(app)[1] == "┃first line⟦ ⟧ ┃")
        #expect(app.errors() == [])
    }

    @Test func wideCharactersAndCombiningMarksMoveAndDeleteAsOne() throws {
        let app = try LuaApp(Self.editor("日本語e\u{301}x", props: "rows = 2"), width: 7, height: 3)
        // Seven cells: 日本語 takes six and é one, so x wraps.
        expectScreen(app, ["日本語é", "x", "len 13"])
        app.press("down right backspace")
        // The first row is full: the cursor at the line's end has a row of its own.
        expectScreen(app, ["日本語é", "", "len 12"])
        app.press("backspace")
        expectScreen(app, ["日本語", "", "len 9"])
        app.press("backspace left backspace")
        expectScreen(app, ["本", "", "len 3"])
        #expect(app.errors() == [])
    }

    @Test func aRefusedEditPutsTheTextAndCursorBack() throws {
        let app = try LuaApp(
            """
            local ui = require("theolua")
            return ui.component("App", {
              render = function(self)
                return ui.textarea { value = "fixed\\ntext", onChange = self:handler("edit"), rows = 2 }
              end,
              actions = { edit = function(self, v) end },
            })
            """, width: 10, height: 2)
        app.press("down text:abc enter")
        #expect(Self.withCursor(app) == ["fixed", "⟦t⟧ext"])
        #expect(app.errors() == [])
    }

    @Test func theParentCanChangeTheValueAndTheCursorStaysInIt() throws {
        let app = try LuaApp(
            """
            local ui = require("theolua")
            return ui.component("App", {
              initialState = function() return { text = "one\\ntwo\\nthree" } end,
              render = function(self)
                return ui.textarea { value = self.state.text, onChange = self:handler("edit"), rows = 3,
                  onKey = self:handler("key") }
              end,
              actions = {
                edit = function(self, v) self:updateState { text = v } end,
                key = function(self, key)
                  if key.name == "ctrl+r" then self:updateState { text = "x" } return true end
                end,
              },
            })
            """, width: 10, height: 3)
        app.press("ctrl+end ctrl+r")
        #expect(Self.withCursor(app) == ["x⟦ ⟧", "", ""])
        app.press("text:y")
        expectScreen(app, ["xy", "", ""])
        #expect(app.errors() == [])
    }

    @Test func thePlaceholderShowsWhileTheValueIsEmpty() throws {
        let app = try LuaApp(Self.editor("", props: "placeholder = \"Write here\", rows = 2"), width: 12, height: 3)
        expectScreen(app, ["Write here", "", "len 0"])
        #expect(app.runtime.screen[1, 0].style.attributes.contains(.dim))
        app.press("text:a")
        expectScreen(app, ["a", "", "len 1"])
        #expect(app.errors() == [])
    }

    @Test func tabLeavesTheTextareaAndItsKeysBubbleToOnKey() throws {
        let app = try LuaApp(
            """
            local ui = require("theolua")
            return ui.column {
              ui.textarea { value = "", rows = 1, onKey = function(key) print("key " .. key.name) end },
              ui.button { "ok", onPress = function() print("pressed") end },
            }
            """, width: 10, height: 2)
        app.press("tab enter")
        #expect(app.takeLogs().contains("pressed"))
        app.press("backtab esc")
        #expect(app.takeLogs() == ["key esc"])
        #expect(app.errors() == [])
    }

    @Test func charWrapBreaksAnywhere() throws {
        let app = try LuaApp(Self.editor("alpha beta", props: "wrap = \"char\", rows = 2"), width: 7, height: 3)
        expectScreen(app, ["alpha b", "eta", "len 10"])
        #expect(app.errors() == [])
    }

    @Test func aGrowingTextareaFillsItsRoomAndFollowsResizes() throws {
        let text = (1...20).map { "row \($0)" }.joined(separator: "\n")
        let app = try LuaApp(
            """
            local ui = require("theolua")
            return ui.column {
              ui.text "top",
              ui.textarea { value = \(Self.luaString(text)), grow = 1 },
              ui.text "bottom",
            }
            """, width: 10, height: 6)
        expectScreen(app, ["top", "row 1", "row 2", "row 3", "row 4", "bottom"])
        app.runtime.resize(width: 10, height: 4)
        expectScreen(app, ["top", "row 1", "row 2", "bottom"])
        app.runtime.resize(width: 10, height: 8)
        expectScreen(app, ["top", "row 1", "row 2", "row 3", "row 4", "row 5", "row 6", "bottom"])
        #expect(app.errors() == [])
    }

    @Test func badPropsAreScriptErrors() throws {
        let failure = luaFailure(
            """
            local ui = require("theolua")
            return ui.textarea { value = "", rows = 0 }
            """)
        #expect(failure?.contains("rows") == true)
        let wrap = luaFailure(
            """
            local ui = require("theolua")
            return ui.textarea { value = "", wrap = "none" }
            """)
        #expect(wrap?.contains("wrap") == true)
    }
}
