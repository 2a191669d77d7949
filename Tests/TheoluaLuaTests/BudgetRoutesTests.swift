import Testing
import TheoluaCore
import TheoluaLua

/// Every route by which script code could run outside the instruction budget: finalizers,
/// message handlers and `__close` handlers that Lua runs with hooks off, library functions
/// whose work grows with their data, and instructions made slow by large values.
@Suite struct BudgetRoutesTests {
    func harness(instructions: Int? = 1_000_000, memory: Int? = 64 << 20, seconds: Double? = nil) throws -> Harness {
        try Harness(
            options: LuaBridge.Options(
                limits: ScriptLimits(memoryBytes: memory, instructions: instructions, seconds: seconds)))
    }

    // MARK: Finalizers

    @Test func aLoopingFinalizerAtTheTopOfAnAppIsABudgetError() throws {
        let h = try harness()
        let failure = h.failure(
            """
            local ui = require("theolua")
            setmetatable({}, { __gc = function() while true do end end }); collectgarbage()
            return ui.text "never"
            """)
        #expect(failure?.hasPrefix("app.lua:2: instruction budget of 1000000 exceeded") == true, "\(failure ?? "")")
    }

    @Test func aLoopingFinalizerOfAnAutomaticCollectionRunsOnTheNextTurnUnderItsBudget() throws {
        let h = try harness(instructions: 50_000_000)
        try h.run(
            """
            local ui = require("theolua")
            setmetatable({}, { __gc = function() while true do end end })
            local junk = {}
            for i = 1, 200000 do junk[i % 1000] = { i } end
            return ui.text "still here"
            """)
        #expect(h.host.texts == ["still here"])
        #expect(h.errors.count == 1)
        #expect(h.errors.first?.hasPrefix("app.lua:2: instruction budget of 50000000 exceeded") == true, "\(h.errors)")
    }

    @Test func thousandsOfSlowFinalizersShareOneBudget() throws {
        let h = try harness()
        try h.run(
            """
            local ui = require("theolua")
            local Maker = ui.component("Maker", { render = function(self)
              for i = 1, 2000 do
                setmetatable({}, { __gc = function() local x = 0 for j = 1, 1e8 do x = x + j end end })
              end
              collectgarbage()
              return ui.text "made"
            end })
            return Maker {}
            """)
        #expect(h.errors.count == 1)
        #expect(h.errors.first?.contains("instruction budget of 1000000 exceeded") == true, "\(h.errors)")
    }

    @Test func finalizersRunWithinCollectgarbageWithTheirTableAndMetatable() throws {
        let h = try harness()
        try h.run(
            """
            local ui = require("theolua")
            local mt = {}
            local log = {}
            mt.__gc = function(t) log[#log + 1] = t.name .. tostring(getmetatable(t) == mt) end
            local t = setmetatable({ name = "a" }, mt)
            setmetatable({ name = "b" }, mt)
            assert(getmetatable(t).__gc == mt.__gc)
            t = nil
            collectgarbage()
            return ui.text(table.concat(log, " "))
            """)
        #expect(h.errors.isEmpty, "\(h.errors)")
        // In the reverse order of their marking, as in Lua.
        #expect(h.host.texts == ["btrue atrue"])
    }

    @Test func finalizersOfAutomaticCollectionsRunOnTheNextTurn() throws {
        let h = try harness(instructions: 50_000_000)
        try h.run(
            """
            local ui = require("theolua")
            setmetatable({}, { __gc = function() ui.emit("finalized") end })
            local junk = {}
            for i = 1, 200000 do junk[i % 1000] = { i } end
            ui.emit("loaded")
            return ui.text "x"
            """)
        #expect(h.emitted.map(\.0) == ["loaded", "finalized"])
    }

    @Test func aFinalizerErrorIsReportedWithItsLineAndTheOthersStillRun() throws {
        let h = try harness()
        try h.run(
            """
            local ui = require("theolua")
            for i = 1, 3 do
              setmetatable({}, { __gc = function()
                if i == 2 then error("second failed") end
                ui.emit("ran", i)
              end })
            end
            collectgarbage()
            return ui.text "x"
            """)
        #expect(h.errors == ["app.lua:4: in a finalizer: second failed"])
        #expect(Set(h.emitted.map(\.1)) == [.int(1), .int(3)])
    }

    @Test func aGcFieldAddedAfterSetmetatableIsNotAFinalizerAsInLua() throws {
        let h = try harness()
        try h.run(
            """
            local ui = require("theolua")
            local mt = {}
            setmetatable({}, mt)
            mt.__gc = function() while true do end end
            collectgarbage()
            return ui.text "x"
            """)
        #expect(h.errors.isEmpty, "\(h.errors)")
    }

    @Test func aFinalizerReplacedAfterSetmetatableRunsUnderTheBudget() throws {
        let h = try harness()
        let failure = h.failure(
            """
            local ui = require("theolua")
            local mt = { __gc = true }
            setmetatable({}, mt)
            mt.__gc = function() while true do end end
            collectgarbage()
            return ui.text "x"
            """)
        #expect(failure?.contains("app.lua:4: instruction budget") == true, "\(failure ?? "")")
    }

    // MARK: Handlers Lua runs with hooks off

    @Test func aLoopingMessageHandlerIsNotRunAfterTheBudgetIsSpent() throws {
        let h = try harness()
        let failure = h.failure(
            """
            local ui = require("theolua")
            xpcall(function() while true do end end, function() while true do end end)
            return ui.text "x"
            """)
        #expect(failure?.hasPrefix("app.lua:2: instruction budget") == true, "\(failure ?? "")")
    }

    @Test func messageHandlersStillSeeOrdinaryErrors() throws {
        let h = try harness()
        try h.run(
            """
            local ui = require("theolua")
            local ok, message = xpcall(function() error("plain", 0) end, function(m) return "handled " .. m end)
            return ui.text(tostring(ok) .. " " .. message)
            """)
        #expect(h.errors.isEmpty, "\(h.errors)")
        #expect(h.host.texts.contains("false handled plain"))
    }

    @Test func aCloseHandlerOfAWrappedCoroutineStoppedByTheBudgetNeverRuns() throws {
        let h = try harness()
        let failure = h.failure(
            """
            local ui = require("theolua")
            local co = coroutine.wrap(function()
              local guard <close> = setmetatable({}, { __close = function() while true do end end })
              while true do end
            end)
            co()
            return ui.text "x"
            """)
        #expect(failure?.contains("instruction budget") == true, "\(failure ?? "")")
    }

    @Test func aCoroutineStoppedByTheBudgetCannotBeClosedLater() throws {
        let h = try harness()
        try h.run(
            """
            local ui = require("theolua")
            local co = coroutine.create(function()
              local guard <close> = setmetatable({}, { __close = function() while true do end end })
              while true do end
            end)
            local Later = ui.component("Later", {
              initialState = function() return { n = 0 } end,
              render = function(self)
                if self.state.n == 0 then
                  self:updateState({ n = 1 })
                  coroutine.resume(co)
                end
                return ui.text(tostring(coroutine.close(co)))
              end,
            })
            return Later {}
            """)
        #expect(h.errors.count == 1, "\(h.errors)")
        #expect(h.host.texts.contains("false"))
    }

    @Test func wrapAndCloseKeepLuasBehaviourForOrdinaryErrors() throws {
        let h = try harness()
        try h.run(
            """
            local ui = require("theolua")
            local closed = false
            local co = coroutine.wrap(function(a)
              local guard <close> = setmetatable({}, { __close = function() closed = true end })
              local b = coroutine.yield(a + 1)
              error("boom " .. b)
            end)
            local first = co(1)
            local ok, message = pcall(co, 5)
            local c2 = coroutine.create(function() local g <close> = setmetatable({}, { __close = function() end }) coroutine.yield() end)
            coroutine.resume(c2)
            return ui.text(table.concat({ first, tostring(ok), message, tostring(closed),
              tostring(coroutine.close(c2)), coroutine.status(c2) }, " "))
            """)
        #expect(h.errors.isEmpty, "\(h.errors)")
        #expect(h.host.texts.contains("2 false app.lua:6: boom 5 true true dead"), "\(h.host.texts)")
    }

    @Test func deeplyNestedCoroutineClosesAreAnErrorNotACrash() throws {
        let h = try harness(instructions: 50_000_000)
        try h.run(
            """
            local ui = require("theolua")
            local co = coroutine.create(function() end)
            for i = 1, 20000 do
              local inner = co
              co = coroutine.create(function()
                local x <close> = setmetatable({}, { __close = function() assert(coroutine.close(inner)) end })
                coroutine.yield()
              end)
              coroutine.resume(co)
            end
            local ok, message = coroutine.close(co)
            return ui.text(tostring(ok) .. " " .. tostring(message))
            """)
        #expect(h.errors.isEmpty, "\(h.errors)")
        #expect(h.host.texts.contains { $0.contains("nested more than 100 deep") }, "\(h.host.texts)")
    }

    // MARK: Work Lua does not count

    @Test func tableMoveOverAHugeRangeChargesTheBudget() throws {
        let h = try harness()
        let failure = h.failure(
            """
            local ui = require("theolua")
            table.move({}, 1, 1e12, 2)
            return ui.text "x"
            """)
        #expect(failure?.hasPrefix("app.lua:2: instruction budget") == true, "\(failure ?? "")")
    }

    @Test func copyingLongStringsChargesTheBudget() throws {
        let h = try harness(instructions: 50_000_000, memory: 256 << 20)
        let failure = h.failure(
            """
            local ui = require("theolua")
            local s = string.rep("x", 1 << 24)
            while true do local t = s .. s end
            """)
        #expect(failure?.contains("instruction budget") == true, "\(failure ?? "")")
    }

    @Test func fullCollectionsChargeTheBudgetAndStopLastsOneCall() throws {
        let h = try harness(instructions: 10_000_000)
        let failure = h.failure(
            """
            local ui = require("theolua")
            keep = {}
            for i = 1, 200000 do keep[i] = { i } end
            while true do collectgarbage() end
            """)
        #expect(failure?.contains("instruction budget") == true, "\(failure ?? "")")
        let stop = try harness()
        try stop.run(
            """
            collectgarbage("stop")
            local ui = require("theolua")
            running = collectgarbage("isrunning")
            return ui.component("C", function() return ui.text(tostring(running) .. " " .. tostring(collectgarbage("isrunning"))) end) {}
            """)
        #expect(stop.host.texts == ["false true"])
    }

    @Test func instructionsMadeSlowByLongStringsStopAtTheTimeLimit() throws {
        let h = try harness(instructions: 50_000_000, memory: 256 << 20, seconds: 0.2)
        let failure = h.failure(
            """
            local ui = require("theolua")
            local a, b = string.rep("x", 1 << 25), string.rep("x", 1 << 25)
            while true do if a == b then end end
            """)
        #expect(failure?.contains("the call ran for more than 0.2 s") == true, "\(failure ?? "")")
    }
}
