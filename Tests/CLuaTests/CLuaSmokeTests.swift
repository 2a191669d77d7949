import CLua
import Testing

/// The system Lua 5.4 links and runs: a state opens, runs a chunk and reports an error without crashing.
@Suite struct CLuaSmokeTests {
    @Test func luaStateRunsAChunkAndReturnsItsResult() {
        guard let state = luaL_newstate() else {
            Issue.record("luaL_newstate returned nil")
            return
        }
        defer { lua_close(state) }
        luaL_openlibs(state)
        #expect(luaL_loadstring(state, "return 6 * 7") == LUA_OK)
        #expect(lua_pcallk(state, 0, 1, 0, 0, nil) == LUA_OK)
        #expect(lua_tointegerx(state, -1, nil) == 42)
        #expect(lua_version(state) == 504)
    }

    @Test func luaErrorIsCaughtByProtectedCall() {
        guard let state = luaL_newstate() else {
            Issue.record("luaL_newstate returned nil")
            return
        }
        defer { lua_close(state) }
        #expect(luaL_loadstring(state, "error('boom')") == LUA_OK)
        #expect(lua_pcallk(state, 0, 0, 0, 0, nil) == LUA_ERRRUN)
        let message = lua_tolstring(state, -1, nil).map { String(cString: $0) } ?? ""
        #expect(message.contains("boom"))
    }
}
