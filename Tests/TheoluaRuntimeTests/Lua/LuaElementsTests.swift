import Testing
import TheoluaCore
import TheoluaRuntime

/// PRODUCT.md §1 "Elements": constructors, the children rules, keys.
@Suite struct LuaElementsTests {
    @Test func stringsAmongChildrenBecomeText() throws {
        let app = try LuaApp(
            """
            local ui = require("theolua")
            return ui.column { "plain", ui.text "made", 42, ui.text { "joined", " ", "text" } }
            """, height: 5)
        expectScreen(app, ["plain", "made", "42", "joined text", ""])
        #expect(app.errors() == [])
    }

    @Test func nilAndFalseChildrenAreSkippedButKeepTheirPositions() throws {
        // The Child at position 2 keeps its identity (and state) whether or not the banner
        // at position 1 is shown: `cond and X` does not shift later siblings.
        let app = try LuaApp(
            """
            local ui = require("theolua")
            local made = 0
            local Child = ui.component("Child", {
              initialState = function() made = made + 1; return { id = made } end,
              render = function(self) return "child #" .. self.state.id end,
            })
            local Parent = ui.component("Parent", {
              initialState = function() return { show = false } end,
              render = function(self)
                return ui.column {
                  self.state.show and ui.text "banner",
                  Child {},
                  ui.button { "toggle", onPress = self:handler("toggle") },
                }
              end,
              actions = { toggle = function(self) self:updateState({ show = not self.state.show }) end },
            })
            return Parent {}
            """, height: 4)
        expectScreen(app, ["child #1", "[ toggle ]", "", ""])
        app.press("enter")
        expectScreen(app, ["banner", "child #1", "[ toggle ]", ""])
        app.press("enter")
        expectScreen(app, ["child #1", "[ toggle ]", "", ""])
        #expect(app.errors() == [])
    }

    @Test func holesInTheChildrenArrayAreSkipped() throws {
        let app = try LuaApp(
            """
            local ui = require("theolua")
            local t = { "a", nil, nil, "d" }
            t[6] = "f"
            return ui.column { "one", nil, false, "four", t, nil }
            """, height: 6)
        expectScreen(app, ["one", "four", "a", "d", "f", ""])
        #expect(app.errors() == [])
    }

    @Test func nestedArraysAreFlattened() throws {
        let app = try LuaApp(
            """
            local ui = require("theolua")
            local items = {}
            for i = 1, 3 do items[#items + 1] = ui.text("item " .. i) end
            return ui.column { "head", items, { { "deep", { "deeper" } } }, "tail" }
            """, height: 8)
        expectScreen(app, ["head", "item 1", "item 2", "item 3", "deep", "deeper", "tail", ""])
    }

    @Test func aComponentReceivesItsChildrenAsPropsChildren() throws {
        let app = try LuaApp(
            """
            local ui = require("theolua")
            local Panel = ui.component("Panel", {
              render = function(self)
                return ui.box { border = "ascii", ui.text("n=" .. #self.props.children), self.props.children }
              end,
            })
            return Panel { "first", ui.text "second", false, { "third" } }
            """, width: 10, height: 7)
        expectScreen(
            app, ["+--------+", "|n=4     |", "|first   |", "|second  |", "|third   |", "|        |", "+--------+"])
        #expect(app.errors() == [])
    }

    @Test func renderMayReturnAnElementAStringAListOrNil() throws {
        let app = try LuaApp(
            """
            local ui = require("theolua")
            local E = ui.component("E", function() return ui.text "element" end)
            local S = ui.component("S", function() return "string" end)
            local L = ui.component("L", function() return { "list 1", ui.text "list 2" } end)
            local N = ui.component("N", function() return nil end)
            return ui.column { E {}, S {}, N {}, L {}, "end" }
            """, height: 6)
        expectScreen(app, ["element", "string", "list 1", "list 2", "end", ""])
        #expect(app.errors() == [])
    }

    @Test func elementsAreImmutableAndReportTheirTypeAndKey() throws {
        let app = try LuaApp(
            """
            local ui = require("theolua")
            local e = ui.text { "x", key = "k" }
            local ok, err = pcall(function() e.key = "other" end)
            return ui.column { e.type .. " " .. e.key, tostring(ok), err }
            """, width: 40, height: 3)
        expectScreen(app, ["text k", "false", "app.lua:3: elements are immutable"])
    }

    @Test func keyedChildrenKeepStateWhenReordered() throws {
        let app = try LuaApp(
            """
            local ui = require("theolua")
            local made = 0
            local Item = ui.component("Item", {
              props = { label = "string" },
              initialState = function(props) made = made + 1; return { serial = made } end,
              render = function(self) return self.props.label .. " #" .. self.state.serial end,
            })
            local List = ui.component("List", {
              initialState = function() return { order = { "a", "b", 3 } } end,
              render = function(self)
                local items = {}
                for _, id in ipairs(self.state.order) do
                  items[#items + 1] = Item { key = id, label = tostring(id) }
                end
                return ui.column { items, ui.button { "flip", onPress = self:handler("flip") } }
              end,
              actions = { flip = function(self) self:updateState({ order = { 3, "b", "a" } }) end },
            })
            return List {}
            """, height: 4)
        expectScreen(app, ["a #1", "b #2", "3 #3", "[ flip ]"])
        app.press("enter")
        expectScreen(app, ["3 #3", "b #2", "a #1", "[ flip ]"])
        #expect(app.errors() == [])
    }

    @Test func aKeyMustBeAStringOrAnInteger() {
        let message = luaFailure(
            """
            local ui = require("theolua")
            return ui.column { ui.text { "x", key = 1.5 } }
            """)
        #expect(message == "app.lua:2: ui.text: key must be a string or an integer, got number (1.5)")
    }

    @Test func duplicateKeysAreAnErrorNamingTheKeyAndTheParent() throws {
        let app = try LuaApp(
            """
            local ui = require("theolua")
            local List = ui.component("List", function()
              return ui.column { ui.text { "one", key = "a" }, ui.text { "two", key = "a" } }
            end)
            return List {}
            """)
        let errors = app.errors()
        #expect(errors.count == 1)
        let message = errors.first ?? ""
        #expect(message.contains("Duplicate key 'a'"), "\(message)")
        #expect(message.contains("List"), "\(message)")
    }

    @Test func duplicateIntegerKeysAmongComponentSiblingsAreAnError() throws {
        let app = try LuaApp(
            """
            local ui = require("theolua")
            local Row = ui.component("Row", function(props) return props.text end)
            local List = ui.component("List", function()
              return { Row { key = 7, text = "x" }, Row { key = 7, text = "y" } }
            end)
            return List {}
            """)
        let message = app.errors().first ?? ""
        #expect(message.contains("Duplicate key 7"), "\(message)")
        #expect(message.contains("List"), "\(message)")
    }

    @Test func uiTextTakesAPlainStringAndRejectsNonStringItems() {
        let message = luaFailure(
            """
            local ui = require("theolua")
            return ui.text { "a", {} }
            """, width: 80)
        #expect(
            message
                == "app.lua:2: ui.text: item 2 must be a string or a ui.span, got table"
        )
    }

    @Test func aChildThatIsNotAnElementNamesItsPosition() {
        let message = luaFailure(
            """
            local ui = require("theolua")
            return ui.column { "a", true }
            """, width: 80)
        #expect(
            message
                == "app.lua:2: ui.column: child '[2]': expected an element or a string, got boolean (true)")
    }

    @Test func aBoxTakesPastesWithOnPasteAndAnInputKeepsItsOwn() throws {
        let app = try LuaApp(
            """
            local ui = require("theolua")
            return ui.component("Notes", {
              initialState = function() return { pasted = "-", typed = "" } end,
              render = function(self)
                return ui.column { onPaste = self:handler("paste"), onKey = self:handler("key"),
                  ui.text("pasted " .. self.state.pasted),
                  ui.input { value = self.state.typed, onChange = self:handler("edit") },
                  ui.button { "ok" },
                }
              end,
              actions = {
                paste = function(self, text) self:updateState({ pasted = text, typed = self.state.typed }) end,
                key = function(self, event) print("key", event.name) end,
                edit = function(self, value) self:updateState({ pasted = self.state.pasted, typed = value }) end,
              },
            })
            """, width: 24, height: 3)
        // The input, focused as the first focusable, inserts the paste, its line break
        // as a space.
        app.runtime.paste("a\nb")
        expectScreen(app, ["pasted -", "a b", "[ ok ]"])
        // From the button, the column's onPaste takes it; onKey never sees a paste.
        app.press("tab")
        app.runtime.paste("two")
        expectScreen(app, ["pasted two", "a b", "[ ok ]"])
        #expect(app.logs.filter { $0.contains("paste") } == [])
        #expect(app.errors() == [])
    }
}
