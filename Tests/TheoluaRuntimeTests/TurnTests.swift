import Testing
import TheoluaCore

@testable import TheoluaCanvas
@testable import TheoluaRuntime

/// A turn (`Runtime.turn`): every way in takes its steps in order, each once, and ends
/// laid out, as in a terminal, where a frame is drawn before the next key (README, How a
/// frame happens).
@Suite struct TurnTests {
    @Test func aPageKeyRightAfterMountingMovesByThePageShown() throws {
        // As in a terminal, where a frame is drawn before the first key: four items in
        // view, so a page is three.
        let app = try LuaApp(LuaListTests.list(100), width: 20, height: 5)
        app.press("pagedown")
        let list = app.runtime.componentTree.flatMap(\.all).first { $0.name == "list" }
        #expect(list?.state["selected"] == .int(4))
    }

    @Test func everyWayInEndsLaidOut() throws {
        let app = try LuaApp(
            """
            local ui = require("theolua")
            return ui.component("Ticker", {
              initialState = function() return { n = 0 } end,
              render = function(self) return ui.text("tick " .. self.state.n) end,
              controller = { init = function(ctl)
                ui.every(1, function() ctl:updateState(function(s) return { n = s.n + 1 } end) end)
              end },
            }) {}
            """, width: 12, height: 2)
        let canvas = app.runtime.host.canvas
        #expect(canvas.root?.needsLayout == false, "after mounting")
        app.advance(1)
        #expect(canvas.root?.needsLayout == false, "after a timer")
        app.runtime.resize(width: 10, height: 2)
        #expect(canvas.root?.needsLayout == false, "after a resize")
        app.press("x")
        #expect(canvas.root?.needsLayout == false, "after a key")
        expectScreen(app, ["tick 1", ""])
    }

    @Test func aFrameAfterAKeyLaysNothingOutAgain() throws {
        let rows = (1...50).map { "ui.text 'row \($0)'" }.joined(separator: ", ")
        let app = try LuaApp(
            "local ui = require('theolua') return ui.scroll { grow = 1, \(rows) }", width: 10, height: 3)
        let canvas = app.runtime.host.canvas
        app.press("down")
        #expect(canvas.lastStatistics.arranged > 0, "the key's turn laid the scroll out")
        expectScreen(app, ["row 2", "row 3", "row 4"])
        #expect(canvas.lastStatistics == Canvas.Statistics(), "the frame's layout found nothing to do")
    }

    @Test func aScreenReadInTheMiddleOfAnActionShowsItAsItIsAndKeepsTheBatch() throws {
        let app = try LuaApp(
            """
            local ui = require("theolua")
            return ui.component("Counter", {
              initialState = function() return { n = 0 } end,
              render = function(self)
                return ui.box { focusable = true, onKey = self:handler("key"), ui.text("n " .. self.state.n) }
              end,
              actions = { key = function(self)
                self:updateState(function(s) return { n = s.n + 1 } end)
                ui.emit("look")
                self:updateState(function(s) return { n = s.n + 1 } end)
                return true
              end },
            }) {}
            """, width: 8, height: 1)
        var seen: [String] = []
        // Weakly: the runtime holds its onEmit, which would otherwise hold the runtime.
        app.runtime.onEmit = { [weak runtime = app.runtime] _, _ in seen.append(runtime?.text ?? "") }
        app.press("x")
        #expect(seen == ["n 0"], "no update is applied in the middle of the action")
        expectScreen(app, ["n 2"])
        #expect(app.runtime.componentTree.first?.renderCount == 2, "both updates rendered as one")
        #expect(app.errors() == [])
    }

    @Test func focusAskedForByATimerIsSettledWithWhatItsHandlersUpdated() throws {
        let app = try LuaApp(
            """
            local ui = require("theolua")
            return ui.component("Form", {
              initialState = function() return { note = "-" } end,
              render = function(self)
                return ui.column {
                  ui.button { "one" },
                  ui.button { "two", id = "two", onFocus = self:handler("note") },
                  ui.text("focused " .. self.state.note),
                }
              end,
              actions = { note = function(self) self:updateState { note = "two" } end },
              controller = { init = function(ctl) ui.after(1, function() ctl:focus("two") end) end },
            }) {}
            """, width: 12, height: 3)
        expectScreen(app, ["[ one ]", "[ two ]", "focused -"])
        app.advance(1)
        #expect(app.lines[2] == "focused two")
        #expect(app.errors() == [])
    }
}
