import CLua
import CLuaSupport
import Testing

/// Lua 5.4.4 frees an object still in use when an emergency collection runs in the
/// middle of an operation on it (fixed upstream in 5.4.8): a weak metatable's
/// `__newindex` table being resized. The allocator's quarantine keeps what the emergency
/// collector frees until a safe point, so the operation finishes on memory still ours.
@Suite struct QuarantineTests {
    static let failNext: lua_CFunction = { L in
        theolua_getsupport(L)?.pointee.fail_next_allocation = 1
        return 0
    }

    @Test func aWeakMetatablesNewindexTableResizedThroughAnEmergencyCollectionIsNotUsedAfterFree() throws {
        let state = try SupportedState()
        lua_pushcclosure(state.L, Self.failNext, 0)
        lua_setglobal(state.L, "failnext")
        let script = """
            local keys = {}
            for i = 1, 10 do keys[i] = "n" .. i end
            for round = 1, 100 do
              local h = {}
              for i = 1, 4 do h["k" .. i] = i end
              local mt = setmetatable({ __newindex = h }, { __mode = "v" })
              h = nil
              local t = setmetatable({}, mt)
              failnext()
              for i = 1, 10 do t[keys[i]] = i end
              -- Tables whose hash parts are the size of h's: a block freed twice would
              -- be handed to two of them.
              local check = {}
              for i = 1, 200 do check[i] = { a = i, b = 2 * i, c = 3 * i, d = 4 * i } end
              for i = 1, 200 do
                local c = check[i]
                assert(c.a == i and c.b == 2 * i and c.c == 3 * i and c.d == 4 * i, "corrupted")
              end
            end
            return "ok"
            """
        #expect(luaL_loadstring(state.L, script) == LUA_OK)
        let status = lua_pcallk(state.L, 0, 1, 0, 0, nil)
        let result = lua_tolstring(state.L, -1, nil).map { String(cString: $0) } ?? ""
        #expect(status == LUA_OK, "\(result)")
        #expect(result == "ok")
        theolua_release_quarantine(state.support)
        #expect(state.support.pointee.quarantine.count == 0)
    }
}
