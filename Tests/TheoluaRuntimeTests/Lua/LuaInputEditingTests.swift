import Testing
import TheoluaCanvas
import TheoluaCore
import TheoluaRuntime

/// `ui.input`'s selection and undo (docs/lua-api.md, `ui.input`): shift with the arrows,
/// home, end and ctrl+arrows selects; typing replaces the selection; ctrl+z and ctrl+y
/// go back and forth by groups of edits, through the parent's onChange.
@Suite struct LuaInputEditingTests {
    static let field = """
        local ui = require("theolua")
        return ui.component("Field", {
          props = { refuse = { "boolean", default = false } },
          initialState = function() return { text = "" } end,
          render = function(self)
            return ui.input { value = self.state.text, autoFocus = true, width = 30, onChange = self:handler("set") }
          end,
          actions = { set = function(self, text) if not self.props.refuse then self:updateState({ text = text }) end end },
        })
        """

    private func field() throws -> LuaApp { try LuaApp(Self.field, width: 30, height: 1) }

    private func value(_ app: LuaApp) -> String? {
        app.runtime.componentTree.first?.state.recordValue?["text"]?.stringValue
    }

    @Test func aValueTheParentSetsByItselfPutsTheCursorAtItsEnd() throws {
        let app = try LuaApp(
            """
            local ui = require("theolua")
            return ui.component("Open", {
              initialState = function() return { path = "notes/today.md" } end,
              render = function(self)
                return ui.column {
                  onKey = function(key)
                    if key.name == "ctrl+l" then self:updateState({ path = "missing.json" }) return true end
                  end,
                  ui.input { value = self.state.path, autoFocus = true, width = 30,
                    onChange = function(path) self:updateState({ path = path }) end },
                }
              end,
            })
            """, width: 30, height: 1)
        app.press("home right right ctrl+l backspace text:X")
        #expect(app.runtime.componentTree.first?.state.recordValue?["path"]?.stringValue == "missing.jsoX")
    }

    @Test func shiftWithAMovementSelectsAndTypingReplacesTheSelection() throws {
        let app = try field()
        app.press("text:hello space text:world shift+left shift+left shift+left")
        let screen = app.runtime.screen
        #expect(screen[7, 0].style.attributes == [])
        #expect(screen[8, 0].style.attributes.isSuperset(of: [.inverse, .underline]))
        #expect(screen[9, 0].style.attributes == .inverse)
        #expect(screen[10, 0].style.attributes == .inverse)
        app.press("text:ld")
        #expect(value(app) == "hello wold")
    }

    @Test func wordsAreSelectedAndCrossedWithCtrl() throws {
        let app = try field()
        app.press("text:one space text:two space text:three ctrl+shift+left backspace")
        #expect(value(app) == "one two ")
        app.press("ctrl+left ctrl+left text:zero space")
        #expect(value(app) == "zero one two ")
        app.press("home shift+end backspace")
        #expect(value(app) == "")
    }

    @Test func anArrowWithoutShiftLeavesTheSelectionAtItsSide() throws {
        let app = try field()
        app.press("text:abcdef home shift+right shift+right shift+right right text:X")
        #expect(value(app) == "abcXdef")
        app.press("end shift+left shift+left left text:Y")
        #expect(value(app) == "abcXdYef")
    }

    @Test func undoAndRedoGoByGroupsOfEdits() throws {
        let app = try field()
        app.press("text:hello space text:world")
        app.press("ctrl+z")
        #expect(value(app) == "hello ")
        app.press("ctrl+z")
        #expect(value(app) == "hello")
        app.press("ctrl+z")
        #expect(value(app) == "")
        app.press("ctrl+z")
        #expect(value(app) == "")
        app.press("ctrl+y ctrl+y ctrl+y")
        #expect(value(app) == "hello world")
        // Deletions group too, and a new edit ends what could be redone.
        app.press("backspace backspace backspace ctrl+z")
        #expect(value(app) == "hello world")
        app.press("ctrl+z text:!")
        #expect(value(app) == "hello !")
        app.press("ctrl+y")
        #expect(value(app) == "hello !")
    }

    @Test func aPasteIsOneStep() throws {
        let app = try field()
        app.press("text:a")
        app.runtime.paste("bcd efg")
        #expect(value(app) == "abcd efg")
        app.press("ctrl+z")
        #expect(value(app) == "a")
    }

    @Test func aTextareaUndoesAndRedoesToo() throws {
        let app = try LuaApp(
            """
            local ui = require("theolua")
            return ui.component("Notes", {
              initialState = function() return { text = "" } end,
              render = function(self)
                return ui.textarea { value = self.state.text, autoFocus = true, onChange = self:handler("set") }
              end,
              actions = { set = function(self, text) self:updateState({ text = text }) end },
            })
            """, width: 20, height: 3)
        func text() -> String? { app.runtime.componentTree.first?.state.recordValue?["text"]?.stringValue }
        app.press("text:one enter text:two")
        app.press("ctrl+z")
        #expect(text() == "one\n")
        app.press("ctrl+z ctrl+z")
        #expect(text() == "")
        app.press("ctrl+y ctrl+y ctrl+y")
        #expect(text() == "one\ntwo")
        // A move ends a group: what is typed after it is a step of its own.
        app.press("left text:x ctrl+z")
        #expect(text() == "one\ntwo")
    }

    @Test func aSelectionIsCutCopiedAndPastedThroughTheClipboard() throws {
        let app = try field()
        var heard: [String] = []
        app.runtime.onClipboard = { heard.append($0) }
        app.press("text:hello space text:world ctrl+shift+left ctrl+x")
        #expect(value(app) == "hello ")
        #expect(app.runtime.clipboard == "world")
        app.press("home ctrl+v space")
        #expect(value(app) == "world hello ")
        app.press("shift+end alt+c")
        #expect(heard == ["world", "hello "])
        // Without a selection, the keys are the app's.
        app.press("end ctrl+x")
        #expect(app.runtime.clipboard == "hello ")
    }

    @Test func aMaskedSelectionIsNeverCopied() throws {
        let app = try LuaApp(
            """
            local ui = require("theolua")
            return ui.component("Secret", {
              initialState = function() return { text = "" } end,
              render = function(self)
                return ui.input { value = self.state.text, mask = "*", autoFocus = true, onChange = self:handler("set") }
              end,
              actions = { set = function(self, text) self:updateState({ text = text }) end },
            })
            """, width: 20, height: 1)
        app.press("text:hunter2 shift+home alt+c ctrl+x")
        #expect(app.runtime.clipboard == nil)
    }

    @Test func theCursorPropSaysWhereANewValueStarts() throws {
        let app = try LuaApp(
            """
            local ui = require("theolua")
            return ui.component("Template", {
              initialState = function() return { text = "Dear ,", at = 5 } end,
              render = function(self)
                return ui.column {
                  ui.input { value = self.state.text, cursor = self.state.at, autoFocus = true,
                    onChange = self:handler("set"), onKey = self:handler("key") },
                  ui.textarea { value = "one\\ntwo", cursor = 5, rows = 2 },
                }
              end,
              actions = {
                set = function(self, text) self:updateState({ text = text, at = self.state.at }) end,
                key = function(self, key)
                  if key.name == "f2" then self:updateState({ text = "Hi  there", at = 3 }) return true end
                end,
              },
            })
            """, width: 20, height: 3)
        func text() -> String? { app.runtime.componentTree.first?.state.recordValue?["text"]?.stringValue }
        app.press("text:Ada")
        #expect(text() == "Dear Ada,")
        // Typing keeps its own cursor; a value the parent sets starts where it says.
        app.press("f2 text:you")
        #expect(text() == "Hi you there")
        app.press("tab")
        #expect(app.runtime.screen[1, 2].style.attributes.contains(.inverse))
    }

    @Test func aTextareaSelectsAcrossLinesAndCutsCopiesAndPastes() throws {
        let app = try LuaApp(
            """
            local ui = require("theolua")
            return ui.component("Notes", {
              initialState = function() return { text = "" } end,
              render = function(self)
                return ui.textarea { value = self.state.text, autoFocus = true, onChange = self:handler("set") }
              end,
              actions = { set = function(self, text) self:updateState({ text = text }) end },
            })
            """, width: 20, height: 3)
        func text() -> String? { app.runtime.componentTree.first?.state.recordValue?["text"]?.stringValue }
        app.press("text:one enter text:two enter text:three up shift+up shift+right")
        let screen = app.runtime.screen
        #expect(screen[0, 1].style.attributes.isSuperset(of: [.inverse, .underline]))
        #expect(screen[1, 1].style.attributes == .inverse)
        #expect(screen[0, 0].style.attributes == [])
        // Up from the end of "two", then right: the selection is "two", the cursor at its start.
        app.press("alt+c")
        #expect(app.runtime.clipboard == "two")
        // Extended to the start: "one" and "two", across the line break.
        app.press("ctrl+shift+home ctrl+x")
        #expect(text() == "\nthree")
        #expect(app.runtime.clipboard == "one\ntwo")
        app.press("ctrl+end ctrl+v")
        #expect(text() == "\nthreeone\ntwo")
        // Typing replaces a selection, and it is one step to undo.
        app.press("ctrl+home shift+down shift+end text:X")
        #expect(text() == "X\ntwo")
        app.press("ctrl+z")
        #expect(text() == "\nthreeone\ntwo")
    }
}
