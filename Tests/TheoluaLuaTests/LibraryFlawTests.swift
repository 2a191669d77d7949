import CLua
import Testing
import TheoluaCore
import TheoluaLua

/// Flaws of some builds of the Lua library that scripts reach, and the sandbox's guards
/// against them (docs/lua-versions.md). Each test holds on every library: where the flaw
/// is absent the script gets stock Lua's result, where it is present an error, never a
/// crash.
@Suite struct LibraryFlawTests {
    func harness() throws -> Harness {
        try Harness(options: LuaBridge.Options(limits: ScriptLimits(memoryBytes: 64 << 20, instructions: 10_000_000)))
    }

    static let refusal = "__concat metamethods are refused on this Lua library"

    @Test func theConcatProbeFindsNoFlawPastTheReleaseThatFixedIt() {
        if LuaLibrary.releaseNumber >= 50405 { #expect(!LuaLibrary.refusesConcatMetamethods) }
    }

    /// 603b2c64: a `__concat` metamethod that grows the stack left luaV_concat with a
    /// pointer into the freed old stack (a crash on Debian 12's 5.4.4).
    @Test func aConcatMetamethodThatGrowsTheStackIsRefusedOrWorks() throws {
        let h = try harness()
        let failure = h.failure(
            """
            local ui = require("theolua")
            local function deep(n) if n > 0 then return deep(n - 1) + 0 end return 0 end
            local t = setmetatable({}, { __concat = function() deep(1000); return "x" end })
            local s = "a" .. t .. "c"
            return ui.text("ok " .. s)
            """)
        if LuaLibrary.refusesConcatMetamethods {
            #expect(failure?.hasPrefix("app.lua:4: attempt to concatenate a table value (local 't')") == true, "\(failure ?? "")")
            #expect(failure?.contains(Self.refusal) == true, "\(failure ?? "")")
        } else {
            #expect(failure == nil)
            #expect(h.host.texts == ["ok axc"])
        }
    }

    /// However a `__concat` field comes to a metatable (set with it, added after, under a
    /// key built at run time, with rawset, on the strings' metatable, in a coroutine), it
    /// is no metamethod on the flawed library: the state looks the event up under a name
    /// no script can write.
    @Test func aConcatMetamethodMadeByAnyRouteIsRefusedOrWorks() throws {
        let routes = [
            "getmetatable('').__concat = function() deep(1000); return 'x' end; local t = {}",
            "local t = {}; local mt = {}; setmetatable(t, mt); mt.__concat = function() deep(1000); return 'x' end",
            "local t = setmetatable({}, {}); getmetatable(t)['__con' .. ('cat'):lower()] = function() deep(1000); return 'x' end",
            "local t = setmetatable({}, {}); rawset(getmetatable(t), string.char(95, 95, 99, 111, 110, 99, 97, 116), function() deep(1000); return 'x' end)",
            """
            local t = {}
            coroutine.wrap(function() setmetatable(t, { __concat = function() deep(1000); return 'x' end }) end)()
            """,
        ]
        for route in routes {
            let h = try harness()
            let failure = h.failure(
                """
                local ui = require("theolua")
                local function deep(n) if n > 0 then return deep(n - 1) + 0 end return 0 end
                \(route)
                local s = "a" .. t .. "c"
                return ui.text("ok")
                """)
            if LuaLibrary.refusesConcatMetamethods {
                #expect(failure?.contains(Self.refusal) == true, "\(route): \(failure ?? "")")
            } else {
                #expect(failure == nil, "\(route)")
            }
        }
    }

    /// The guard costs nothing: code that sets metatables (and concatenates) runs with
    /// no hook at all, on every library.
    @Test func codeThatSetsMetatablesRunsWithNoHook() throws {
        let h = try Harness(options: LuaBridge.Options(limits: ScriptLimits(memoryBytes: 64 << 20)))
        try h.run(
            """
            local ui = require("theolua")
            local mt = { __index = function() return 0 end }
            local t = setmetatable({}, mt)
            mt.__concat = function() return "x" end
            return ui.text("touching " .. tostring(getmetatable(t) == mt) .. " " .. t.missing)
            """)
        #expect(h.host.texts == ["touching true 0"])
        #expect(lua_gethookmask(h.bridge.L) == TimeLimitTests.standingHookMask)
    }

    @Test func concatenatingWithoutAMetamethodStillFailsWithLuasMessageAndHandler() throws {
        let h = try harness()
        try h.run(
            """
            local ui = require("theolua")
            local ok, message = xpcall(function() return nil .. "x" end, function(m) return "handled: " .. m end)
            return ui.text(message)
            """)
        #expect(h.host.texts == ["handled: app.lua:2: attempt to concatenate a nil value"])
    }

    /// A coroutine whose concatenation failed on the flawed library ended by an ordinary
    /// error: closing it runs its `__close` handlers, as for any coroutine that failed.
    @Test func aCoroutineEndedByTheRefusalClosesAsAnyFailedOne() throws {
        guard LuaLibrary.refusesConcatMetamethods else { return }
        let h = try harness()
        try h.run(
            """
            local ui = require("theolua")
            local closed = false
            local co = coroutine.create(function()
              local guard <close> = setmetatable({}, { __close = function() closed = true end })
              return "a" .. setmetatable({}, { __concat = function() return "x" end })
            end)
            local ok, message = coroutine.resume(co)
            local closedOk, closeMessage = coroutine.close(co)
            return ui.text(tostring(ok) .. " " .. tostring(closed) .. " " .. tostring(closeMessage))
            """)
        #expect(h.host.texts == ["false true app.lua:5: attempt to concatenate a table value"])
    }

    // MARK: Suffix chains (7923dbbf)

    @Test func aChainOfAHundredThousandFieldsIsRefusedWithItsLine() throws {
        let h = try harness()
        let failure = h.failure(
            """
            local ui = require("theolua")
            local t = {}; t.f = t
            local f, message = load("local t = ...\\nreturn t" .. (".f"):rep(100000) .. ".g.h")
            return ui.text(tostring(f) .. " " .. message)
            """)
        #expect(failure == nil)
        #expect(
            h.host.texts.first?.hasPrefix("nil [string \"local t = ......\"]:2: more than 1000 fields") == true,
            "\(h.host.texts)")
    }

    @Test func anAppWithALongChainIsRefusedAtItsLine() throws {
        let h = try harness()
        let chain = String(repeating: "[1]", count: 1001)
        let failure = h.failure("local ui = require(\"theolua\")\n\nlocal x = ui\(chain)\nreturn ui.text 'x'")
        #expect(failure == "app.lua:3: more than 1000 fields, indexes and calls in one chain")
    }

    @Test func chainsUpToTheBoundAndLookalikesInStringsAndCommentsLoad() throws {
        let h = try harness()
        let chain = String(repeating: ".f", count: 999)
        try h.run(
            """
            local ui = require("theolua")
            local t = {}; t.f = t; t.name = "t"
            local s = "\(String(repeating: ".f", count: 5000))"
            -- \(String(repeating: ".f", count: 5000))
            --[==[ \(String(repeating: "[f]", count: 5000)) ]==]
            local u = [[\(String(repeating: ":f", count: 5000))]]
            local n = 1 .. 2 .. 3.5e-1 .. 0x1p4
            local v = t\(chain).name
            local reader = { "return ", "1 + ", "2" }
            local i = 0
            local three = load(function() i = i + 1 return reader[i] end)()
            local env = load("return x", "=env", "t", { x = "from env" })()
            return ui.text(v .. " " .. #s .. " " .. n .. " " .. three .. " " .. env)
            """)
        #expect(h.errors.isEmpty, "\(h.errors)")
        #expect(h.host.texts == ["t 10000 120.3516.0 3 from env"])
    }

    @Test func loadReportsReaderErrorsAndBinaryChunksAsFailures() throws {
        let h = try harness()
        try h.run(
            """
            local ui = require("theolua")
            local a, e1 = load(function() return 1 end)
            local b, e2 = load(function() error("boom", 0) end)
            local c, e3 = load(string.dump(function() end))
            return ui.text(tostring(a) .. "|" .. e1 .. "|" .. tostring(b) .. "|" .. e2 .. "|" .. tostring(c) .. "|" .. e3)
            """)
        #expect(h.errors.isEmpty, "\(h.errors)")
        #expect(h.host.texts.first?.hasPrefix("nil|reader function must return a string|nil|boom|nil|") == true, "\(h.host.texts)")
    }

    @Test func loadRefusesATextChunkUnderABinaryOnlyModeAsLuaDoes() throws {
        let h = try harness()
        try h.run(
            """
            local ui = require("theolua")
            local a, e1 = load("return 1", "m", "b")
            local b, e2 = load(function() return nil end, "m", "b")
            local c = load("return 2", "m", "t")
            return ui.text(tostring(a) .. "|" .. e1 .. "|" .. tostring(b) .. "|" .. e2 .. "|" .. c())
            """)
        #expect(h.errors.isEmpty, "\(h.errors)")
        #expect(
            h.host.texts == [
                "nil|attempt to load a text chunk (mode is 'b')|nil|attempt to load a text chunk (mode is 'b')|2"
            ], "\(h.host.texts)")
    }

    // MARK: Collector mode (1b0f943d)

    @Test func theCollectorStaysGenerational() throws {
        let h = try harness()
        try h.run(
            """
            local ui = require("theolua")
            local a = collectgarbage("incremental", 200, 100, 1)
            local b = collectgarbage("incremental")
            local c = collectgarbage("generational")
            return ui.text(a .. " " .. b .. " " .. c)
            """)
        #expect(h.host.texts == ["generational generational generational"])
    }

    // MARK: Coroutine closes (3fe7be95, 1e64c139)

    @Test func aCoroutineSuspendedInsideXpcallIsNotClosed() throws {
        let h = try harness()
        try h.run(
            """
            local ui = require("theolua")
            local calls = 0
            local function handler(m) calls = calls + 1 return "handled: " .. tostring(m) end
            local co = coroutine.create(function()
              local guard <close> = setmetatable({}, { __close = function()
                local a, b, c, d, e, f, g, h1, i, j = handler, handler, handler, handler, handler, handler, handler, handler, handler, handler
                error("boom")
              end })
              xpcall(coroutine.yield, handler)
            end)
            coroutine.resume(co)
            local ok, message = coroutine.close(co)
            local plain = coroutine.create(function() local x <close> = setmetatable({}, { __close = function() end }) coroutine.yield() end)
            coroutine.resume(plain)
            return ui.text(tostring(ok) .. " | " .. message .. " | " .. calls .. " | " .. tostring(coroutine.close(plain)))
            """)
        #expect(h.host.texts == ["false | cannot close a coroutine suspended inside xpcall | 0 | true"])
    }

    @Test func nestedClosesThatWouldOverflowTheCStackFailWithLuasMessage() throws {
        let h = try harness()
        try h.run(
            """
            local ui = require("theolua")
            local function nest(n, f)
              if n == 0 then f() return "" end
              return string.format("%s", setmetatable({}, { __tostring = function() return nest(n - 1, f) end }))
            end
            local coro = false
            for i = 1, 60 do
              local previous = coro
              coro = coroutine.create(function()
                local cc <close> = setmetatable({}, { __close = function()
                  if previous then nest(180, function() assert(coroutine.close(previous)) end) end
                end })
                coroutine.yield()
              end)
              coroutine.resume(coro)
            end
            local ok, message = coroutine.close(coro)
            return ui.text(tostring(ok) .. " " .. tostring(message:find("C stack overflow", 1, true) ~= nil))
            """)
        #expect(h.errors.isEmpty, "\(h.errors)")
        #expect(h.host.texts == ["false true"])
    }
}
