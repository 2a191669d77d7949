import Testing
import TheoluaCanvas
import TheoluaCore

@testable import TheoluaRuntime

/// `ui.switch`: a controlled on/off switch.
@Suite struct SwitchTests {
    static let app = """
        local ui = require("theolua")
        return ui.component("Prefs", {
          initialState = function() return { dark = false, sound = true } end,
          render = function(self)
            return ui.column {
              ui.switch { "dark", value = self.state.dark, onChange = self:handler("set", "dark") },
              ui.switch { "sound", value = self.state.sound, onChange = self:handler("set", "sound") },
            }
          end,
          actions = {
            set = function(self, name, on)
              self:updateState(function(s)
                local copy = { dark = s.dark, sound = s.sound }
                copy[name] = on
                return copy
              end)
            end,
          },
        })
        """

    @Test func aSwitchTogglesWithSpaceEnterAndClicks() throws {
        let app = try LuaApp(Self.app, width: 12, height: 2)
        expectScreen(app, ["●━━ dark", "━━● sound"])
        app.press("space")
        expectScreen(app, ["━━● dark", "━━● sound"])
        app.press("tab")
        app.press("enter")
        expectScreen(app, ["━━● dark", "●━━ sound"])
        try app.runtime.send(keys: "click:1,0")
        expectScreen(app, ["●━━ dark", "●━━ sound"])
        // The click focused the first: drawn in inverse video.
        #expect(app.runtime.screen[4, 0].style.attributes.contains(.inverse))
        #expect(!app.runtime.screen[4, 1].style.attributes.contains(.inverse))
        #expect(app.errors() == [])
    }

    @Test func onTheTrackTakesTheAccentAndOffTheMutedColour() throws {
        let app = try LuaApp(Self.app, width: 12, height: 2)
        #expect(app.runtime.screen[0, 0].style.foreground == .gray)
        #expect(app.runtime.screen[0, 1].style.foreground == .cyan)
    }

    @Test func otherKeysPassOnToTheHandlersAbove() throws {
        let app = try LuaApp(
            """
            local ui = require("theolua")
            return ui.component("Keys", {
              initialState = function() return { last = "none" } end,
              render = function(self)
                return ui.column { onKey = self:handler("key"),
                  ui.switch { "x", value = false }, ui.text(self.state.last) }
              end,
              actions = { key = function(self, e) self:updateState({ last = e.name }) return true end },
            })
            """, width: 10, height: 2)
        app.press("q")
        expectScreen(app, ["●━━ x", "q"])
    }

    @Test func anySizeDrawsWithoutErrors() throws {
        for (width, height) in [(1, 1), (2, 1), (3, 1), (5, 2), (7, 3), (41, 9)] {
            let app = try LuaApp(Self.app, width: width, height: height)
            app.press("space")
            #expect(app.errors() == [], "\(width)x\(height)")
            #expect(app.runtime.text.split(separator: "\n", omittingEmptySubsequences: false).count == height)
        }
    }

    @Test func aWrongPropIsAnErrorWithASuggestion() throws {
        let failure = luaFailure(
            """
            local ui = require("theolua")
            return ui.switch { "x", valeu = true }
            """)
        #expect(failure?.contains("app.lua:2: switch: unknown prop 'valeu'") == true, "\(failure ?? "")")
        #expect(failure?.contains("'value'") == true, "\(failure ?? "")")
    }
}
