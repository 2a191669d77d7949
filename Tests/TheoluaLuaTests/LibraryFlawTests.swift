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
            #expect(failure?.hasPrefix("app.lua:4: " + Self.refusal) == true, "\(failure ?? "")")
        } else {
            #expect(failure == nil)
            #expect(h.host.texts == ["ok axc"])
        }
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

    @Test func aCoroutineEndedByTheRefusalIsNotClosed() throws {
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
        #expect(h.host.texts == ["false false cannot close a coroutine stopped by the sandbox"])
    }
}
