import Testing
import TheoluaCore
import TheoluaRuntime

/// PRODUCT.md §5, Layers, as scripts write them.
@Suite struct LuaLayerTests {
    static let dialogApp = """
        local ui = require("theolua")
        local App = ui.component("App", {
          initialState = function() return { open = false, answer = "none", keys = 0 } end,
          render = function(self)
            return ui.column { onKey = self:handler("key"),
              ui.text("answer: " .. self.state.answer .. ", keys " .. self.state.keys),
              ui.text "row 2 of the list",
              ui.button { "delete", onPress = self:handler("open") },
              self.state.open and ui.layer { modal = true, border = "single", onClose = self:handler("close"),
                ui.text "Sure?",
                ui.row { gap = 1,
                  ui.button { "yes", onPress = self:handler("answer", "yes") },
                  ui.button { "no", onPress = self:handler("answer", "no") } },
              },
            }
          end,
          actions = {
            open = function(self) self:updateState(function(s) return { open = true, answer = s.answer, keys = s.keys } end) end,
            close = function(self) self:updateState(function(s) return { open = false, answer = s.answer, keys = s.keys } end) end,
            answer = function(self, value)
              self:updateState(function(s) return { open = false, answer = value, keys = s.keys } end)
            end,
            key = function(self, key)
              if key.name ~= "k" then return false end
              self:updateState(function(s) return { open = s.open, answer = s.answer, keys = s.keys + 1 } end)
              return true
            end,
          },
        })
        return App {}
        """

    @Test func aModalDialogTakesFocusKeepsItAndGivesItBack() throws {
        let app = try LuaApp(Self.dialogApp, width: 30, height: 6)
        app.press("enter")
        expectScreen(
            app,
            [
                "answer: none, keys 0", "row 2 o┌──────────────┐", "[ delet│Sure?         │",
                "       │[ yes ] [ no ]│", "       └──────────────┘", "",
            ])
        // Focus is on "yes"; tab moves to "no" and wraps back inside the dialog.
        app.press("tab")
        app.press("tab")
        app.press("tab")
        app.press("enter")
        expectScreen(app, ["answer: no, keys 0", "row 2 of the list", "[ delete ]", "", "", ""])
        // Focus came back to "delete": enter opens the dialog again; esc closes it.
        app.press("enter")
        #expect(app.runtime.lines[2].contains("Sure?"))
        app.press("k")
        app.press("esc")
        expectScreen(app, ["answer: no, keys 0", "row 2 of the list", "[ delete ]", "", "", ""])
        // The app's own keys work again once the dialog is gone.
        app.press("k")
        #expect(app.runtime.lines[0] == "answer: no, keys 1")
        #expect(app.errors() == [])
    }

    @Test func whatIsBelowAModalIsDimmedAndTakesNoClicks() throws {
        let app = try LuaApp(Self.dialogApp, width: 30, height: 6)
        app.press("enter")
        let cell = app.runtime.screen[0, 0]
        #expect(cell.style.attributes.contains(.dim))
        #expect(!app.runtime.screen[9, 2].style.attributes.contains(.dim))
        // A click on "delete", below the dialog, does nothing; one on "yes" answers.
        try app.runtime.send(keys: "click:1,2")
        #expect(app.runtime.lines[2].contains("Sure?"))
        try app.runtime.send(keys: "click:10,3")
        #expect(app.runtime.lines[0] == "answer: yes, keys 0")
        #expect(app.errors() == [])
    }

    @Test func aDropdownSitsBelowItsFieldOrAboveWhenThereIsNoRoom() throws {
        let source = """
            local ui = require("theolua")
            return ui.column {
              ui.box { height = %d },
              ui.box { width = 8, border = "single",
                ui.text "choose",
                ui.layer { anchor = "parent", border = "single", ui.text "one", ui.text "two" } },
            }
            """
        let below = try LuaApp(source.replacingOccurrences(of: "%d", with: "0"), width: 12, height: 8)
        expectScreen(
            below, ["┌──────┐", "│choose│", "└──────┘", "┌──────┐", "│one   │", "│two   │", "└──────┘", ""])
        let above = try LuaApp(source.replacingOccurrences(of: "%d", with: "4"), width: 12, height: 8)
        expectScreen(
            above, ["┌──────┐", "│one   │", "│two   │", "└──────┘", "┌──────┐", "│choose│", "└──────┘", ""])
        #expect(below.errors() == [] && above.errors() == [])
    }

    @Test func badLayerPropsAreScriptErrors() {
        for (body, message) in [
            ("ui.layer { anchor = \"top\" }", "prop 'anchor'"), ("ui.layer { modal = 1 }", "prop 'modal'"),
            ("ui.layer { x = -2 }", "prop 'x'"),
        ] {
            let failure = luaFailure("local ui = require(\"theolua\")\nreturn \(body)\n")
            #expect(failure?.contains(message) == true, "\(body): \(failure ?? "no error")")
        }
    }
}
