import Testing
import TheoluaCore
import TheoluaRuntime

/// `ui.task` (docs/lua-api.md, Background work): a plain loop far past the instruction
/// budget runs a slice at a time, its end calls `onDone` or `onError`, and it belongs to
/// its component like a timer.
@Suite struct LuaTaskTests {
    /// A component that starts `task` (Lua source of the function) in its controller's
    /// `init`, showing `state.status`.
    static func app(_ task: String, options: String = "", extra: String = "") -> String {
        """
        local ui = require("theolua")
        local Worker = ui.component("Worker", {
          initialState = function() return { status = "working" } end,
          render = function(self) return ui.text { self.state.status, wrap = "none" } end,
          controller = {
            init = function(ctl)
              local function set(status) ctl:updateState { status = status } end
              ctl.task = ui.task(\(task), {
                onDone = function(...) set("done " .. table.concat({ ... }, " ")) end,
                onError = function(message) set("failed: " .. message) end,
                \(options)
              })
              \(extra)
            end,
          },
        })
        return ui.component("App", {
          initialState = function() return { shown = true } end,
          render = function(self)
            return ui.column { focusable = true, autoFocus = true, onKey = self:handler("hide"),
              self.state.shown and Worker {} or ui.text("gone") }
          end,
          actions = { hide = function(self) self:updateState { shown = false } return true end },
        })
        """
    }

    @Test func aLoopFarPastTheBudgetFinishesInSlices() throws {
        // Twenty million additions under a budget of five million instructions a call.
        let app = try LuaApp(
            Self.app("function() local n = 0 for i = 1, 20000000 do n = n + 1 end return n, 'ok' end"),
            width: 60, height: 1)
        #expect(app.lines == ["working"])
        #expect(app.runtime.hasTasks)
        #expect(app.runtime.waitForProcesses(timeout: .seconds(30)))
        #expect(app.lines == ["done 20000000 ok"])
        #expect(!app.runtime.hasTasks)
        #expect(app.errors() == [])
    }

    @Test func anErrorInATaskGoesToOnErrorWithItsLine() throws {
        let app = try LuaApp(Self.app("function() local t = nil return t.x end"), width: 80, height: 1)
        app.runtime.waitForProcesses(timeout: .seconds(5))
        #expect(app.lines == ["failed: app.lua:8: attempt to index a nil value (local 't')"])
    }

    @Test func withoutOnErrorAFailureIsAnErrorOfItsComponent() throws {
        let app = try LuaApp(
            """
            local ui = require("theolua")
            return ui.component("Lone", {
              render = function() return ui.text("x") end,
              controller = { init = function() ui.task(function() error("broken") end) end },
            })
            """, width: 20, height: 1)
        app.runtime.waitForProcesses(timeout: .seconds(5))
        #expect(app.errors() == ["Lone: ui.task: app.lua:4: broken"])
    }

    @Test func aTaskEndsWithItsComponentAndWithCancel() throws {
        let app = try LuaApp(
            Self.app("function() while true do end end"), width: 40, height: 1)
        app.runtime.runTasks(for: .milliseconds(20))
        #expect(app.runtime.hasTasks)
        app.press("x")
        #expect(!app.runtime.hasTasks)
        #expect(app.lines == ["gone"])

        let cancelled = try LuaApp(
            Self.app("function() while true do end end", extra: "ctl.task:cancel()"), width: 40, height: 1)
        #expect(!cancelled.runtime.hasTasks)
        #expect(cancelled.lines == ["working"])
    }

    @Test func anExplicitYieldPausesTheTaskUntilItsNextSlice() throws {
        let app = try LuaApp(
            Self.app(
                "function(task) local n = 0 for i = 1, 3 do n = n + (coroutine.yield(i) or 1) end return 'yielded ' .. n end"
            ),
            width: 40, height: 1)
        app.runtime.waitForProcesses(timeout: .seconds(5))
        #expect(app.lines == ["done yielded 3"])
    }

    @Test func aLoopThatCannotPauseMeetsTheBudget() throws {
        // Inside a sort's comparator Lua cannot yield: the budget still bounds it.
        let app = try LuaApp(
            Self.app("function() local t = { 3, 1, 2 } table.sort(t, function(a, b) while true do end end) end"),
            width: 200, height: 1)
        app.runtime.waitForProcesses(timeout: .seconds(10))
        #expect(app.lines[0].hasPrefix("failed: app.lua:8: instruction budget of 5000000 exceeded"), "\(app.lines)")
        #expect(app.lines[0].contains("ui.task"))
    }

    @Test func aTaskTheBudgetStoppedCannotBeClosedToRunItsCloseHandlers() throws {
        // Its coroutine died with hooks off: closing it would run the `__close` handler
        // with no budget, so it is marked as coroutine.resume marks those it stops.
        let app = try LuaApp(
            """
            local ui = require("theolua")
            local saved
            return ui.component("P", {
              initialState = function() return { s = "working" } end,
              render = function(self) return ui.text { self.state.s, wrap = "none" } end,
              controller = {
                init = function(ctl)
                  ui.task(function()
                    saved = coroutine.running()
                    local guard <close> = setmetatable({}, { __close = function() while true do end end })
                    table.sort({ 3, 1, 2 }, function() while true do end end)
                  end, { onError = function()
                    local ok, err = coroutine.close(saved)
                    ctl:updateState { s = tostring(ok) .. " " .. tostring(err) }
                  end })
                end,
              },
            })
            """, width: 80, height: 1)
        app.runtime.waitForProcesses(timeout: .seconds(10))
        #expect(app.lines == ["false cannot close a coroutine stopped by the instruction budget"])
    }

    @Test func badArgumentsAreErrors() throws {
        let app = try LuaApp(
            """
            local ui = require("theolua")
            local a = select(2, pcall(ui.task, 3))
            local b = select(2, pcall(ui.task, function() end, 4))
            local c = select(2, pcall(ui.task, function() end, { onDone = 5 }))
            return ui.column { ui.text(a), ui.text(b), ui.text(c) }
            """, width: 70, height: 3)
        #expect(
            app.lines == [
                "ui.task: expected a function, got number (3)",
                "ui.task: expected the options as a table, got number (4)",
                "ui.task: onDone must be a function or a handler, got number (5)",
            ])
    }
}
