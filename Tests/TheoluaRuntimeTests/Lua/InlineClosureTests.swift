import Testing
import TheoluaCore

@testable import TheoluaRuntime

/// A render that only re-creates closures (`onPress = function() ... end` written
/// inline) changes nothing drawn: the host hears no props update, and nothing is laid
/// out again; the new closure is the one that runs.
@Suite struct InlineClosureTests {
    static let app = """
        local ui = require("theolua")
        local Row = ui.component("Row", {
          props = { label = "string", onPick = "function" },
          render = function(self)
            return ui.row { gap = 1, ui.button { self.props.label, onPress = self.props.onPick },
              ui.text { "·", onClick = function() print("clicked " .. self.props.label) end } }
          end,
        })
        return ui.component("App", {
          initialState = function() return { ticks = 0, picked = "none" } end,
          render = function(self)
            local ticks = self.state.ticks
            return ui.column { onKey = self:handler("key"),
              Row { label = "a", onPick = function() self:updateState({ ticks = ticks, picked = "a at " .. ticks }) end },
              Row { label = "b", onPick = function() self:updateState({ ticks = ticks, picked = "b at " .. ticks }) end },
              ui.textarea { value = "abc", onCursor = function(line) print("cursor " .. ticks) end, rows = 1 },
              ui.text(self.state.picked),
            }
          end,
          actions = {
            key = function(self, key)
              if key.name == "t" then
                self:updateState(function(s) return { ticks = s.ticks + 1, picked = s.picked } end)
                return true
              end
            end,
          },
        })
        """

    @Test func aRenderThatOnlyRecreatesClosuresUpdatesNothingDrawn() throws {
        let app = try LuaApp(Self.app, width: 20, height: 4)
        _ = app.runtime.screen
        let updates = app.runtime.reconciler.hostUpdates
        app.press("t")
        _ = app.runtime.screen
        #expect(app.runtime.reconciler.hostUpdates == updates, "no host element's drawn props changed")
        #expect(app.runtime.host.canvas.lastStatistics.arranged == 0, "nothing was laid out again")
        // The latest closures run: they see ticks = 1.
        app.press("enter")
        #expect(app.lines[3] == "a at 1")
        try app.runtime.send(keys: "click:6,1")
        #expect(app.takeLogs().contains("clicked b"))
        #expect(app.errors() == [])
    }

    @Test func aWidgetThatKeepsAHandlerTakesTheNewOne() throws {
        let app = try LuaApp(Self.app, width: 20, height: 4)
        app.press("t t")
        _ = app.takeLogs()
        try app.runtime.send(keys: "click:1,2 right")
        #expect(app.takeLogs().last == "cursor 2", "the textarea calls the onCursor of the latest render")
    }
}
