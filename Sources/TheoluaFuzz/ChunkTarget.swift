import CLua
import CLuaSupport

/// Script text through the sandbox's loader, which scans it (comments, strings, long
/// brackets, numerals) for over-long suffix chains before Lua parses it: the scan ends
/// on any bytes, and a chunk it lets through loads exactly as with Lua's own loader.
enum ChunkTarget {
    static func run(_ data: [UInt8]) -> String? {
        guard let L = luaL_newstate() else { return "no state" }
        defer { lua_close(L) }
        let (ours, stock, refused) = data.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { chars -> (Int32, Int32, Bool) in
                let refused = theolua_find_long_chain(chars.baseAddress, chars.count) > 0
                let ours = theolua_load_text(L, chars.baseAddress, chars.count, "=chunk")
                lua_settop(L, 0)
                let stock = luaL_loadbufferx(L, chars.baseAddress, chars.count, "=chunk", "t")
                lua_settop(L, 0)
                return (ours, stock, refused)
            }
        }
        if refused { return ours == LUA_ERRSYNTAX ? nil : "a refused chain loaded: status \(ours)" }
        return ours == stock ? nil : "loads with status \(ours), Lua's loader gives \(stock)"
    }
}
