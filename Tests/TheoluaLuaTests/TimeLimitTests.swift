import CLua
import CLuaSupport
import Testing
import TheoluaCore
import TheoluaLua

/// The time limit of a call (theolua_watchdog.c): Lua code runs with no hook, and a call
/// that has used its time is stopped at its next instruction, wherever it is (a loop, a
/// comparator, a metamethod, a coroutine, a pattern in C), with its line; the state
/// goes on with the next call.
@Suite struct TimeLimitTests {
    func harness(seconds: Double = 0.3) throws -> Harness {
        try Harness(options: LuaBridge.Options(limits: ScriptLimits(memoryBytes: 16 << 20, seconds: seconds)))
    }

    /// The hook between calls: none, or under ThreadSanitizer (where the watchdog cannot
    /// signal) the count hook that looks at what it decided.
    static let standingHookMask: Int32 = theolua_watch_polls() != 0 ? LUA_MASKCOUNT : 0

    static let stopped = "the call ran for more than 0.3 s (a runaway loop? long work can run in ui.task, or raise --max-seconds)"

    @Test func aRunawayRenderStopsAtItsLimitWithItsLineAndTheStateGoesOn() throws {
        let h = try harness()
        try h.run(
            """
            local ui = require("theolua")
            local Spin = ui.component("Spin", { render = function(self)
              local n = 0
              while true do n = n + 1 end
            end })
            return Spin {}
            """)
        #expect(h.errors == ["app.lua:4: Spin: " + Self.stopped])
        let ops = try h.run("return require('theolua').text 'still alive'")
        #expect(ops.last == "insert text(\"still alive\") into root")
        #expect(lua_gethookmask(h.bridge.L) == Self.standingHookMask, "ordinary calls run with no hook")
    }

    /// Wherever the loop is, the next instruction of Lua code stops it; a loop in C
    /// (pattern matching) looks at the limit as it works.
    @Test(arguments: [
        ("a sort comparator", "local t = {3, 2, 1}; table.sort(t, function(a, b) while true do end end)"),
        ("an __index metamethod", "local t = setmetatable({}, { __index = function() while true do end end }); local _ = t.x"),
        ("a coroutine", "coroutine.wrap(function() while true do end end)()"),
        ("a coroutine in a coroutine", "coroutine.wrap(function() coroutine.wrap(function() while true do end end)() end)()"),
        ("a gsub replacement", "string.gsub('abc', '%w', function() while true do end end)"),
        ("a pattern that backtracks", "string.find(string.rep('a', 5000), '.-.-.-.-b')"),
        ("a loop of pcalls", "while true do pcall(function() while true do end end) end"),
        ("an xpcall handler's loop", "xpcall(function() while true do end end, function() while true do end end)"),
        ("a loop that makes garbage", "local t = {}; while true do t = { t } ; t = {} end"),
    ])
    func aRunawayAnywhereStops(_ place: String, _ code: String) throws {
        let h = try harness()
        let failure = h.failure(
            """
            local ui = require("theolua")
            \(code)
            return ui.text("not reached")
            """)
        #expect(failure?.hasSuffix(Self.stopped) == true, "\(place): \(failure ?? "")")
        #expect(failure?.hasPrefix("app.lua:2:") == true, "\(place): \(failure ?? "")")
    }

    /// The limit is one call's: many calls that each use a part of it all finish.
    @Test func theLimitIsPerCall() throws {
        let h = try harness(seconds: 0.5)
        try h.run(
            """
            local ui = require("theolua")
            local Busy = ui.component("Busy", {
              initialState = function() return { n = 0 } end,
              render = function(self)
                local t0 = os.clock()
                while os.clock() - t0 < 0.1 do end
                return ui.button { "n " .. self.state.n, onPress = function()
                  local t1 = os.clock()
                  while os.clock() - t1 < 0.1 do end
                  self:updateState(function(s) return { n = s.n + 1 } end)
                end }
              end,
            })
            return Busy {}
            """)
        for n in 0..<6 { h.press("n \(n)") }
        _ = h.settle()
        #expect(h.errors.isEmpty, "\(h.errors)")
        #expect(h.host.nodes.contains { $0.kind == "button" && $0.props["text"] == .string("n 6") })
    }
}

/// Where the sandbox wraps a library function, it behaves as Lua's (what libraries' own
/// test suites check).
@Suite struct StockBehaviourTests {
    @Test func errorLevelsCountThroughPcallAndXpcallAsInLua() throws {
        let h = try Harness(options: LuaBridge.Options(limits: ScriptLimits(memoryBytes: 16 << 20)))
        try h.run(
            """
            local ui = require("theolua")
            local _, a = pcall(error, "e", 2)
            local _, b = xpcall(error, function(m) return "handled " .. m end, "x", 2)
            local n = select("#", pcall(function() return 1, 2, 3 end))
            local ok, c = pcall(pcall)
            return ui.column { a, b, tostring(n), tostring(ok) .. " " .. c }
            """)
        #expect(
            h.host.texts == [
                "app.lua:2: e", "handled app.lua:3: x", "4",
                "false bad argument #1 to 'pcall' (value expected)",
            ])
    }

    /// What libraries read of `debug` at load and after: `getinfo` (a C function's
    /// `func` left out), the upvalues of Lua functions (a C function shows none),
    /// `getmetatable` (protected metatables stay protected), `traceback`.
    @Test func theDebugFunctionsLibrariesUseBehaveAsInLua() throws {
        let h = try Harness(options: LuaBridge.Options(limits: ScriptLimits(memoryBytes: 16 << 20)))
        try h.run(
            """
            local ui = require("theolua")
            local function where() local info = debug.getinfo(2, "Sl") return info.short_src .. ":" .. info.currentline end
            local here = where()
            local f = debug.getinfo(1, "f")
            local cf = debug.getinfo(print, "fS")
            local up = debug.getupvalue(where, 1)
            local cup = debug.getupvalue(ui.text, 1)
            local mine = setmetatable({}, { __name = "mine" })
            local hidden = setmetatable({}, { __metatable = "hidden" })
            local ok = pcall(debug.getlocal, 1, 1)
            local lines = debug.getinfo(where, "L").activelines
            return ui.column {
              here, type(f.func) .. " " .. tostring(cf.func) .. " " .. cf.what .. " " .. up .. " " .. tostring(cup),
              tostring(debug.getinfo(where, "S").linedefined),
              getmetatable(mine).__name .. " " .. debug.getmetatable(hidden) .. " " .. getmetatable("").__index.rep("a", 2),
              debug.traceback("t", 1):match("^[^\\n]*") .. " " .. tostring(ok) .. " " .. tostring(lines[2]),
            }
            """)
        #expect(h.host.texts == ["app.lua:3", "function nil C _ENV nil", "2", "mine hidden aa", "t false true"])
    }

    @Test func collectgarbageStepsEndAndDoNothingInAFinalizer() throws {
        let h = try Harness(options: LuaBridge.Options(limits: ScriptLimits(memoryBytes: 16 << 20)))
        try h.run(
            """
            local ui = require("theolua")
            local steps = 0
            repeat steps = steps + 1 until collectgarbage("step")
            local inside = "not run"
            setmetatable({}, { __gc = function() inside = collectgarbage("count") end })
            collectgarbage()
            return ui.text(steps .. " " .. tostring(inside))
            """)
        #expect(h.host.texts == ["1 nil"])
    }
}
