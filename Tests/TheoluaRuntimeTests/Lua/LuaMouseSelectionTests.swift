import Testing
import TheoluaCanvas
import TheoluaCore
import TheoluaRuntime

/// Selecting with the mouse (docs/lua-api.md, "The mouse"): inputs and textareas select
/// by dragging, a word on a double click, a line on a triple click, and extend with
/// shift; anywhere else a drag chooses the text on screen and copies it, while clicks
/// still reach widgets.
@Suite struct LuaMouseSelectionTests {
    /// A title, an input on row 1 and a textarea of three rows on rows 2–4, each keeping
    /// the other's value.
    static let editors = """
        local ui = require("theolua")
        return ui.component("Editors", {
          initialState = function() return { name = "hello brave new world", notes = "first line here\\nsecond line there\\nthird" } end,
          render = function(self)
            return ui.column {
              ui.text("Select me: the quick brown fox"),
              ui.input { value = self.state.name, onChange = self:handler("name") },
              ui.textarea { value = self.state.notes, rows = 3, onChange = self:handler("notes") },
            }
          end,
          actions = {
            name = function(self, v) self:updateState(function(s) return { name = v, notes = s.notes } end) end,
            notes = function(self, v) self:updateState(function(s) return { name = s.name, notes = v } end) end,
          },
        })
        """

    private func editors() throws -> LuaApp { try LuaApp(Self.editors, width: 40, height: 6) }

    private func state(_ app: LuaApp, _ field: String) -> String? {
        app.runtime.componentTree.first?.state.recordValue?[field]?.stringValue
    }

    // MARK: Inputs

    @Test func aDragInAnInputSelectsFromThePressToThePointer() throws {
        let app = try editors()
        app.press("mousedown:2,1 drag:5,1 drag:8,1 mouseup:8,1 text:X")
        #expect(state(app, "name") == "heXave new world")
        #expect(app.runtime.clipboard == nil, "a drag in an input selects in it and copies nothing")
    }

    @Test func aDoubleClickSelectsAWordAndATripleClickTheWholeValue() throws {
        let app = try editors()
        app.press("click:8,1 click:8,1 text:bold")
        #expect(state(app, "name") == "hello bold new world")
        app.press("click:1,1 click:1,1 click:1,1 text:bye")
        #expect(state(app, "name") == "bye")
    }

    /// Typing a word over a selection is one step: one undo brings the selection's
    /// text back, in an input and in a textarea.
    @Test func aWordTypedOverASelectionIsUndoneInOneStep() throws {
        let app = try editors()
        app.press("click:8,1 click:8,1 text:bold")
        #expect(state(app, "name") == "hello bold new world")
        app.press("ctrl+z")
        #expect(state(app, "name") == "hello brave new world")
        app.press("click:8,3 click:8,3 text:LINE")
        #expect(state(app, "notes") == "first line here\nsecond LINE there\nthird")
        app.press("ctrl+z")
        #expect(state(app, "notes") == "first line here\nsecond line there\nthird")
        app.press("ctrl+y")
        #expect(state(app, "notes") == "first line here\nsecond LINE there\nthird")
    }

    @Test func shiftWithAClickExtendsTheSelection() throws {
        let app = try editors()
        app.press("click:6,1 shift+click:11,1 alt+c")
        #expect(app.runtime.clipboard == "brave")
    }

    @Test func presesFarApartInTimeAreSeparateClicks() throws {
        let app = try editors()
        app.press("click:8,1")
        app.advance(1)
        app.press("click:8,1 text:X")
        #expect(state(app, "name") == "hello brXave new world")
    }

    // MARK: Textareas

    @Test func aDragInATextareaSelectsAcrossLines() throws {
        let app = try editors()
        app.press("mousedown:6,2 drag:3,3 mouseup:3,3 ctrl+x")
        #expect(app.runtime.clipboard == "line here\nsec")
        #expect(state(app, "notes") == "first ond line there\nthird")
    }

    @Test func aDoubleClickInATextareaSelectsAWordAndATripleClickALine() throws {
        let app = try editors()
        app.press("click:8,3 click:8,3 text:LINE")
        #expect(state(app, "notes") == "first line here\nsecond LINE there\nthird")
        app.press("click:2,2 click:2,2 click:2,2 backspace")
        #expect(state(app, "notes") == "second LINE there\nthird")
    }

    @Test func aClickBelowTheTextGoesToItsEnd() throws {
        let app = try LuaApp(
            """
            local ui = require("theolua")
            return ui.component("Short", {
              initialState = function() return { text = "one\\ntwo" } end,
              render = function(self)
                return ui.textarea { value = self.state.text, rows = 4, onChange = self:handler("set") }
              end,
              actions = { set = function(self, v) self:updateState({ text = v }) end },
            })
            """, width: 20, height: 4)
        app.press("click:0,3 text:!")
        #expect(app.runtime.componentTree.first?.state.recordValue?["text"]?.stringValue == "one\ntwo!")
    }

    @Test func ctrlWithTheArrowsMovesAndSelectsByWordAcrossLines() throws {
        let app = try editors()
        app.press("click:0,2 ctrl+right ctrl+right ctrl+shift+right ctrl+shift+right ctrl+x")
        #expect(app.runtime.clipboard == " here\nsecond")
        app.press("ctrl+left text:<")
        #expect(state(app, "notes") == "first <line line there\nthird")
    }

    // MARK: The screen

    @Test func aDragElsewhereChoosesTheTextOnScreenAndCopiesIt() throws {
        let app = try editors()
        app.press("mousedown:7,0 drag:18,0")
        let screen = app.runtime.screen
        #expect(screen[6, 0].style.attributes == [])
        #expect(screen[7, 0].style.attributes == .inverse)
        #expect(screen[18, 0].style.attributes == .inverse)
        #expect(app.runtime.clipboard == nil, "copied when the button goes up")
        #expect(app.runtime.selectedText == "me: the quic")
        app.press("mouseup:18,0")
        #expect(app.runtime.clipboard == "me: the quic")
        #expect(app.runtime.screen[10, 0].style.attributes == .inverse, "the selection stays drawn")
        // A key ends it, and goes on to the app.
        app.press("text:Z")
        #expect(app.runtime.screen[10, 0].style.attributes == [])
        #expect(state(app, "name") == "hello brave new worldZ")
    }

    @Test func aClickIsNoSelectionAndStillReachesButtons() throws {
        let app = try LuaApp(
            """
            local ui = require("theolua")
            return ui.component("Clicks", {
              initialState = function() return { count = 0, clicks = 0 } end,
              render = function(self)
                return ui.column {
                  ui.button { "add", onPress = self:handler("add") },
                  ui.text { "count " .. self.state.count .. " clicks " .. self.state.clicks,
                    onClick = self:handler("clicked") },
                }
              end,
              actions = {
                add = function(self) self:updateState(function(s) return { count = s.count + 1, clicks = s.clicks } end) end,
                clicked = function(self, e) self:updateState(function(s) return { count = s.count, clicks = e.clicks } end) end,
              },
            })
            """, width: 20, height: 2)
        app.press("click:2,0 click:2,0")
        #expect(app.lines[1] == "count 2 clicks 0")
        #expect(app.runtime.clipboard == nil)
        // A drag that ends on the button it began on is still its click, and copies.
        app.press("mousedown:2,0 drag:4,0 mouseup:4,0")
        #expect(app.lines[1] == "count 3 clicks 0")
        #expect(app.runtime.clipboard == "add")
        // Handlers are told how many presses in a row a click was.
        app.press("click:3,1 click:3,1")
        #expect(app.lines[1] == "count 3 clicks 2")
    }

    @Test func anOnMouseHandlerThatTakesThePressKeepsTheScreenUnselected() throws {
        let app = try LuaApp(
            """
            local ui = require("theolua")
            return ui.component("Canvas", {
              render = function(self)
                return ui.box { onMouse = function(e) return true end, ui.text("drawing area") }
              end,
            })
            """, width: 20, height: 1)
        app.press("mousedown:0,0 drag:6,0 mouseup:6,0")
        #expect(app.runtime.clipboard == nil)
        #expect(app.runtime.screen[2, 0].style.attributes == [])
    }

    @Test func altDragsARectangleAndAResizeEndsTheSelection() throws {
        let app = try LuaApp(
            """
            local ui = require("theolua")
            return ui.component("Table", {
              render = function(self)
                return ui.column { ui.text("name   size"), ui.text("alpha  12 KB"), ui.text("beta   7 KB") }
              end,
            })
            """, width: 20, height: 3)
        app.press("mousedown:7,0 alt+drag:10,2 mouseup:10,2")
        #expect(app.runtime.clipboard == "size\n12 K\n7 KB")
        #expect(app.runtime.screen[7, 1].style.attributes == .inverse)
        #expect(app.runtime.screen[0, 1].style.attributes == [])
        app.runtime.resize(width: 20, height: 3)
        #expect(app.runtime.screen[7, 1].style.attributes == [])
        #expect(app.runtime.selectedText == nil)
        app.press("mousedown:0,0 drag:3,0")
        app.runtime.clearSelection()
        #expect(app.runtime.selectedText == nil)
        #expect(app.runtime.screen[1, 0].style.attributes == [])
    }
}
