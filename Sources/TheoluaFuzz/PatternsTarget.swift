import CLua
import CLuaSupport

/// Lua patterns and subjects from the input, through our budgeted `find`, `match`,
/// `gmatch` and `gsub` and through stock Lua's, in one state: the results (or the error
/// messages) must be the same. The sizes are kept small enough that stock Lua's own
/// matcher, which no budget stops, cannot take long; on a state with a small budget, a
/// longer pattern must end, with a result or with the budget error.
enum PatternsTarget {
    static func run(_ data: [UInt8]) -> String? {
        guard data.count >= 3 else { return nil }
        let operation = Int(data[0] % 4)
        let split = Int(data[1]) % max(1, data.count - 2)
        let body = Array(data[2...])
        let pattern = Array(body[..<min(split, 12)])
        let subject = Array(body[split...].prefix(24))
        let quantifiers = pattern.filter { "*+-?".utf8.contains($0) }.count
        if quantifiers <= 3, let mismatch = compare(operation, pattern, subject) { return mismatch }
        return budgeted(operation, Array(body.prefix(40)), Array(body.suffix(64)))
    }

    /// Runs `script` on a state with our functions as `ours` and the input as `p` and `s`;
    /// returns what it returns, or the error.
    private static func run(_ script: String, _ pattern: [UInt8], _ subject: [UInt8], budget: Int64) -> String {
        let support = UnsafeMutablePointer<theolua_support>.allocate(capacity: 1)
        support.initialize(to: theolua_support())
        support.pointee.budget = budget
        defer {
            support.deinitialize(count: 1)
            support.deallocate()
        }
        guard let L = theolua_newstate(support) else { return "no state" }
        defer {
            support.pointee.main = nil
            theolua_closestate(L, support)
        }
        luaL_openlibs(L)
        lua_createtable(L, 0, 4)
        theolua_install_patterns(L)
        lua_setglobal(L, "ours")
        push(L, pattern)
        lua_setglobal(L, "p")
        push(L, subject)
        lua_setglobal(L, "s")
        theolua_arm_budget(L)
        guard luaL_loadstring(L, script) == LUA_OK, lua_pcallk(L, 0, 1, 0, 0, nil) == LUA_OK else {
            return "error: " + text(L)
        }
        return text(L)
    }

    private static func push(_ L: OpaquePointer, _ bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { _ = lua_pushlstring(L, $0.baseAddress, $0.count) }
        }
    }

    private static func text(_ L: OpaquePointer) -> String {
        var length = 0
        guard let pointer = lua_tolstring(L, -1, &length) else { return "(not a string)" }
        return String(decoding: UnsafeRawBufferPointer(start: pointer, count: length), as: UTF8.self)
    }

    /// Our results and stock Lua's, side by side; nil when they agree.
    private static func compare(_ operation: Int, _ pattern: [UInt8], _ subject: [UInt8]) -> String? {
        let result = run(comparison(operation), pattern, subject, budget: 0)
        return result == "same" ? nil : "pattern \(pattern) subject \(subject): \(result)"
    }

    /// On a small budget, any pattern ends: with a result, a pattern error, or the budget's.
    private static func budgeted(_ operation: Int, _ pattern: [UInt8], _ subject: [UInt8]) -> String? {
        let result = run(
            "local S = ours\n" + call(operation) + "\nreturn 'ended'", pattern, subject, budget: 100_000)
        if result == "ended" || result.hasPrefix("error: ") { return nil }
        return "budgeted pattern \(pattern): \(result)"
    }

    /// One operation on S (ours or stock's), its results packed.
    private static func call(_ operation: Int) -> String {
        switch operation {
        case 0: return "local r = table.pack(pcall(S.find, s, p))"
        case 1: return "local r = table.pack(pcall(S.match, s, p, 2))"
        case 2:
            return """
                local r = table.pack(pcall(function()
                  local out = {}
                  for a, b in S.gmatch(s, p) do out[#out + 1] = tostring(a) .. "|" .. tostring(b) if #out > 50 then break end end
                  return table.concat(out, ",")
                end))
                """
        default: return "local r = table.pack(pcall(S.gsub, s, p, function(c) return c and (type(c) == 'string' and c:upper() or 'x') end))"
        }
    }

    private static func comparison(_ operation: Int) -> String {
        """
        local function show(r)
          local parts = {}
          for i = 1, r.n do
            local v = r[i]
            parts[i] = type(v) == "number" and (math.type(v) .. " " .. string.format("%q", v)) or (type(v) .. " " .. tostring(v))
          end
          return table.concat(parts, ", ")
        end
        local function go(S)
          \(call(operation))
          return show(r)
        end
        local a, b = go(ours), go(string)
        if a == b then return "same" end
        return "ours: " .. a .. "\\nstock: " .. b
        """
    }
}
