import CLua
import TheoluaLua

/// Reading the arguments of the capabilities' functions: arrays of strings and the
/// fields of an options table, each refused with a message naming the function.
extension LuaBridge {
    /// The strings of the array at `index` (none when nil).
    func stringArray(at index: Int32, what: String) throws -> [String] {
        switch lua_type(L, index) {
        case LUA_TNONE, LUA_TNIL: return []
        case LUA_TTABLE: break
        default: throw raise("\(what): expected an array of strings, got \(found(at: index))")
        }
        var strings: [String] = []
        let count = lua_rawlen(L, index)
        for position in 1...max(count, 1) where position <= count {
            lua_rawgeti(L, index, lua_Integer(position))
            defer { state.pop() }
            guard lua_type(L, -1) == LUA_TSTRING || lua_type(L, -1) == LUA_TNUMBER else {
                throw raise("\(what): item \(position) must be a string, got \(found(at: -1))")
            }
            let text = state.describe(-1)
            guard !text.contains("\0") else { throw raise("\(what): item \(position) holds a zero byte") }
            strings.append(text)
        }
        return strings
    }

    func optionalString(field: String, of index: Int32, what: String) throws -> String? {
        guard lua_type(L, index) == LUA_TTABLE else { return nil }
        lua_getfield(L, index, field)
        defer { state.pop() }
        switch lua_type(L, -1) {
        case LUA_TNIL: return nil
        case LUA_TSTRING, LUA_TNUMBER: return state.describe(-1)
        default: throw raise("\(what): \(field) must be a string, got \(found(at: -1))")
        }
    }

    /// The bytes of a string field, exactly (a script's strings are bytes).
    func optionalBytes(field: String, of index: Int32, what: String) throws -> [UInt8]? {
        guard lua_type(L, index) == LUA_TTABLE else { return nil }
        lua_getfield(L, index, field)
        defer { state.pop() }
        switch lua_type(L, -1) {
        case LUA_TNIL: return nil
        case LUA_TSTRING, LUA_TNUMBER:
            var length = 0
            guard let bytes = lua_tolstring(L, -1, &length) else { return [] }
            return Array(UnsafeRawBufferPointer(start: bytes, count: length))
        default: throw raise("\(what): \(field) must be a string, got \(found(at: -1))")
        }
    }

    func fieldIsTrue(_ index: Int32, _ field: String) -> Bool {
        lua_getfield(L, index, field)
        defer { state.pop() }
        return lua_toboolean(L, -1) != 0
    }
}
