import CLua
import CLuaSupport
import Testing

/// A Lua state made by `theolua_newstate`, with the standard libraries open, for tests
/// of our C functions. The support record lives as long as the state.
final class SupportedState {
    let L: OpaquePointer
    let support: UnsafeMutablePointer<theolua_support>

    /// A state whose instruction budget is `budget` (0: none), not yet armed.
    init(budget: Int64 = 0) throws {
        support = UnsafeMutablePointer<theolua_support>.allocate(capacity: 1)
        support.initialize(to: theolua_support())
        support.pointee.budget = budget
        guard let state = theolua_newstate(support) else {
            support.deallocate()
            throw SupportedStateError.message("theolua_newstate returned nil")
        }
        L = state
        luaL_openlibs(L)
    }

    deinit {
        support.pointee.main = nil
        theolua_closestate(L, support)
        support.deinitialize(count: 1)
        support.deallocate()
    }

    /// Sets the global `name` to a new table holding our find, match, gmatch and gsub.
    func installOurPatterns(as name: String) {
        lua_createtable(L, 0, 4)
        theolua_install_patterns(L)
        lua_setglobal(L, name)
    }

    /// Replaces the string library's pattern functions with ours, as the sandbox does.
    func installOurPatternsInTheStringLibrary() {
        lua_getglobal(L, "string")
        theolua_install_patterns(L)
        lua_settop(L, -2)
    }

    /// Runs `source` (named `chunkName` in messages) in protected mode and returns its
    /// results as strings (through `tostring`), or throws its error message.
    @discardableResult
    func run(_ source: String, chunkName: String = "=test") throws -> [String] {
        let base = lua_gettop(L)
        defer { lua_settop(L, base) }
        guard luaL_loadbufferx(L, source, source.utf8.count, chunkName, "t") == LUA_OK else {
            throw SupportedStateError.message(string(at: -1))
        }
        guard lua_pcallk(L, 0, LUA_MULTRET, 0, 0, nil) == LUA_OK else {
            throw SupportedStateError.message(string(at: -1))
        }
        return (base + 1..<lua_gettop(L) + 1).map { index in
            luaL_tolstring(L, index, nil)
            defer { lua_settop(L, -2) }
            return string(at: -1)
        }
    }

    private func string(at index: Int32) -> String {
        guard let text = lua_tolstring(L, index, nil) else { return "(not a string)" }
        return String(cString: text)
    }
}

/// A failure of a `SupportedState`: its message as Lua gave it.
enum SupportedStateError: Error, Equatable, CustomStringConvertible {
    case message(String)

    var description: String {
        switch self {
        case .message(let text): return text
        }
    }
}
