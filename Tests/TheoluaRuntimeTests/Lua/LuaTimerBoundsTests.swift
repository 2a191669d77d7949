import Testing
import TheoluaCore
import TheoluaLua
import TheoluaRuntime

/// Timers under a manual clock: none after `ui.quit()`, and a bounded number per advance.
@Suite struct LuaTimerBoundsTests {
    @Test func noTimerRunsAfterQuit() throws {
        let app = try LuaApp(
            """
            local ui = require("theolua")
            ui.after(1, ui.quit)
            ui.after(2, function() error("ran") end)
            return ui.text "x"
            """)
        app.advance(5)
        #expect(app.runtime.quitRequested)
        #expect(app.errors().isEmpty)
    }

    @Test func aZeroDelayTimerReArmingItselfEndsWithTheAdvance() throws {
        let app = try LuaApp(
            """
            local ui = require("theolua")
            count = 0
            local function again() count = count + 1; ui.after(0, again) end
            again()
            return ui.component("C", {
              render = function() return ui.button { "show", onPress = function() print(count) end } end,
            }) {}
            """)
        app.advance(0.5)
        app.press("enter")
        #expect(app.errors().isEmpty)
        #expect(app.takeLogs() == ["501"])
    }

    @Test func timersFiringTooOftenOverALongAdvanceAreAnError() throws {
        let app = try LuaApp(
            """
            local ui = require("theolua")
            ui.every(0.001, function() end)
            return ui.text "x"
            """)
        (app.runtime.runLoop as? ManualRunLoop)?.firingLimit = 1_000
        app.advance(10_000_000)
        #expect(
            app.errors() == [
                "app.lua:2: timers fired 1000 times by 1.0 s of virtual time, the last one started here; the rest of"
                    + " the time was not run (a timer firing too often?)"
            ])
    }

    @Test func timersFiringTooOftenNameTheLineAndComponentOfTheLastToFire() throws {
        let app = try LuaApp(
            """
            local ui = require("theolua")
            ui.every(0.7, function() end)
            return ui.component("Clock", {
              render = function(self) return ui.text "x" end,
              controller = { init = function(ctl)
                ui.every(0.001, function() end)
              end },
            }) {}
            """)
        (app.runtime.runLoop as? ManualRunLoop)?.firingLimit = 1_000
        app.advance(10_000_000)
        let errors = app.errors()
        #expect(errors.first?.hasPrefix("app.lua:6: Clock: timers fired 1000 times by ") == true, "\(errors)")
    }
}

/// The turns after one input are bounded in time as well as in number.
@Suite struct LuaSettleBoundsTests {
    @Test func heavyRendersThatNeverSettleStopAtTheSettleTimeLimit() throws {
        let app = try LuaApp()
        app.runtime.settleTimeLimit = .milliseconds(200)
        try app.runtime.load(
            source: """
                local ui = require("theolua")
                return ui.component("Heavy", {
                  initialState = function() return { n = 0 } end,
                  render = function(self)
                    local x = 0
                    for i = 1, 2e5 do x = x + i end
                    self:updateState(function(s) return { n = s.n + 1 } end)
                    return ui.text(tostring(self.state.n))
                  end,
                }) {}
                """)
        try app.runtime.mount()
        #expect(app.errors() == ["app.lua:7: Heavy: updates did not settle after 0.2 s: a component updates its state on every render"])
    }
}
