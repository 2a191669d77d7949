import CLua
import CLuaSupport

/// Limits applied to every call into a script.
///
/// A call is bounded by time, which costs nothing until it fires: Lua code runs with no
/// hook, and a watchdog thread stops a call that has run for `seconds` (docs/lua-api.md,
/// "Sandbox and limits"). Counting instructions exactly, for a bound that is the same
/// on every machine, is asked for with `instructions` and costs a hook every thousand
/// instructions.
public struct ScriptLimits: Sendable, Equatable {
    /// The most memory the whole Lua state may use, in bytes; `nil` for no limit.
    public var memoryBytes: Int?
    /// The most Lua instructions one call into a script may run, counted exactly; `nil`
    /// (the default) for no count.
    public var instructions: Int?
    /// The most seconds one call into a script may run: processor time of its thread
    /// where the system tells it (Linux), wall-clock time elsewhere; `nil` for no limit.
    public var seconds: Double?

    /// The default time limit of one call: far above ordinary work (sorting a million
    /// records with a comparator takes about 2.4 s of stock Lua on a 2026 server core),
    /// short enough that a runaway loop gives the app back soon.
    public static let defaultSeconds = 5.0

    /// Limits of `memoryBytes`, `instructions` and `seconds`.
    public init(memoryBytes: Int? = 256 << 20, instructions: Int? = nil, seconds: Double? = ScriptLimits.defaultSeconds) {
        self.memoryBytes = memoryBytes
        self.instructions = instructions
        self.seconds = seconds
    }

    /// The time limit of one call in nanoseconds, 0 for none.
    var callNanoseconds: Int64 {
        guard let seconds, seconds.isFinite, seconds > 0 else { return 0 }
        return max(1, Int64(min(seconds, 1e9) * 1e9))
    }
}

/// The one owner of a `lua_State`: creates it with our capped allocator, closes it, and
/// makes every call into Lua a protected call under the limits.
///
/// Stack discipline: each method documents its effect on the stack as
/// `[before] → [after]`, top on the right.
package final class LuaState {
    /// The main thread, which owns the state.
    let main: OpaquePointer
    /// The thread Swift works on now: the main thread, or the coroutine that called the
    /// Swift function running now (its arguments are on that thread's stack).
    var L: OpaquePointer
    private let support: UnsafeMutablePointer<theolua_support>
    let limits: ScriptLimits

    init(limits: ScriptLimits) throws(ScriptError) {
        support = UnsafeMutablePointer<theolua_support>.allocate(capacity: 1)
        support.initialize(to: theolua_support())
        support.pointee.limit = limits.memoryBytes.map { size_t(max($0, 0)) } ?? 0
        support.pointee.budget = limits.instructions.map { Int64(max($0, 0)) } ?? 0
        support.pointee.time_limit = limits.callNanoseconds
        // Outside calls into Lua, Swift is running: an allocation over the limit then
        // succeeds and the next call fails instead, since a memory error raised outside
        // a protected call would end the process.
        support.pointee.in_swift = 1
        self.limits = limits
        guard let state = theolua_newstate(support) else {
            theolua_release_blocks(support)
            support.deallocate()
            throw ScriptError(.memory, message: "could not create a Lua state")
        }
        main = state
        L = state
    }

    deinit {
        support.pointee.main = nil
        theolua_closestate(main, support)
        support.deinitialize(count: 1)
        support.deallocate()
    }

    /// The object the state's Swift functions reach through `theolua_getsupport`.
    var context: UnsafeMutableRawPointer? {
        get { support.pointee.context }
        set { support.pointee.context = newValue }
    }

    /// Bytes the state uses now.
    var memoryUsed: Int { Int(support.pointee.used) }

    /// The element pool of the render under way, which component constructors read
    /// before calling into Swift.
    var pool: theolua_pool {
        get { support.pointee.pool }
        set { support.pointee.pool = newValue }
    }

    /// Records the metatable of object kind `kind` (its position): its address and its
    /// registry reference, where `theolua_push_object` and `theolua_object` find them.
    func setMetatable(ofKind kind: Int, address: UnsafeRawPointer?, reference: Int32) {
        precondition(kind >= 0 && kind < Int(THEOLUA_OBJECT_KINDS))
        withUnsafeMutableBytes(of: &support.pointee.metatables) {
            $0.storeBytes(
                of: address, toByteOffset: kind * MemoryLayout<UnsafeRawPointer?>.stride, as: UnsafeRawPointer?.self)
        }
        withUnsafeMutableBytes(of: &support.pointee.metatable_refs) {
            $0.storeBytes(of: reference, toByteOffset: kind * MemoryLayout<Int32>.stride, as: Int32.self)
        }
    }

    /// The registry reference of the metatable of object kind `kind` (its position).
    func metatableReference(ofKind kind: Int) -> Int32 {
        precondition(kind >= 0 && kind < Int(THEOLUA_OBJECT_KINDS))
        return withUnsafeBytes(of: support.pointee.metatable_refs) {
            $0.load(fromByteOffset: kind * MemoryLayout<Int32>.stride, as: Int32.self)
        }
    }

    /// The registry reference of the interned string "key", for the constructors.
    var keyReference: Int32 {
        get { support.pointee.key_ref }
        set { support.pointee.key_ref = newValue }
    }

    /// Loads a text chunk: `[]` → `[function]`. Binary chunks are refused.
    func load(_ source: String, chunkName: String) throws(ScriptError) {
        try load(bytes: Array(source.utf8), chunkName: chunkName)
    }

    /// Loads the text of a file as the `lua` command and `require` read one: a UTF-8 byte
    /// order mark at its start is skipped, and so is a first line that starts with `#` (a
    /// `#!` line), its line break kept so that line numbers stay the file's:
    /// `[]` → `[function]`.
    func load(file bytes: [UInt8], chunkName: String) throws(ScriptError) {
        var start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        if start < bytes.count, bytes[start] == UInt8(ascii: "#") {
            start = bytes[start...].firstIndex(of: UInt8(ascii: "\n")) ?? bytes.count
        }
        try load(bytes: start == 0 ? bytes : Array(bytes[start...]), chunkName: chunkName)
    }

    /// Loads a text chunk given as bytes, as they are: `[]` → `[function]`.
    func load(bytes: [UInt8], chunkName: String) throws(ScriptError) {
        let status = bytes.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { chars in
                theolua_load_text(L, chars.baseAddress, chars.count, chunkName)
            }
        }
        guard status == LUA_OK else {
            let message = popString()
            if status == LUA_ERRMEM { throw memoryError() }
            throw ScriptError(.syntax, luaMessage: message)
        }
    }

    /// Calls a function with `arguments` arguments under the limits, keeping
    /// the traceback: `[function, args…]` → `[results…]` (exactly `results` values, or
    /// `LUA_MULTRET`). On error the stack is as before the function and arguments.
    func call(arguments: Int32, results: Int32) throws(ScriptError) {
        let base = lua_gettop(L) - arguments  // index of the function
        if support.pointee.memory_overdraft != 0 && depth == 0 {
            // Swift went over the limit pushing values since the last call. Lua had no
            // chance to collect first, as it does before refusing an allocation. The
            // collection may allocate over the limit too: the flag is cleared after it,
            // and what it left is judged by the heap's size, not reported in the call.
            theolua_collect(L)
            support.pointee.memory_overdraft = 0
            if let limit = limits.memoryBytes, memoryUsed > limit {
                lua_settop(L, base - 1)
                throw memoryError()
            }
        }
        lua_pushcclosure(L, theolua_message_handler, 0)  // a light C function: no allocation
        lua_rotate(L, base, 1)
        if depth == 0 { theolua_arm_budget(L) }
        depth += 1
        let outerSwift = support.pointee.in_swift
        let outerThread = support.pointee.running
        support.pointee.in_swift = 0
        support.pointee.running = L
        beginEpoch()
        let status = lua_pcallk(L, arguments, results, base, 0, nil)
        support.pointee.in_swift = outerSwift
        support.pointee.running = outerThread
        depth -= 1
        lua_rotate(L, base, -1)
        lua_settop(L, -2)  // drop the message handler
        if depth == 0 {
            theolua_disarm_budget(L)
            endOutermostCall()
        }
        guard status == LUA_OK else {
            let message = popString()
            if support.pointee.budget_exceeded != 0 {
                support.pointee.budget_exceeded = 0
                support.pointee.memory_exceeded = 0
                var error = ScriptError(.instructions, luaMessage: message)
                error.message = budgetMessage
                error.location = error.location ?? lastLocation
                throw error
            }
            if status == LUA_ERRMEM || support.pointee.memory_exceeded != 0 {
                support.pointee.memory_exceeded = 0
                var error = memoryError()
                error.location = lastLocation
                throw error
            }
            var error = ScriptError(.runtime, luaMessage: message)
            if let hint = hint?(error.message) { error.message += " (\(hint))" }
            throw error
        }
    }

    /// Starts an epoch: props and state may have changed since the last, so the views
    /// `self` gave are made again when next read (`theolua_views.c`). Every call into Lua
    /// (and every slice of a task) starts one.
    func beginEpoch() {
        theolua_begin_epoch(L)
    }

    /// Resumes the coroutine of a task for a slice of `slice` (see
    /// `theolua_resume_task`) as an outermost call: what Lua code inside it calls back
    /// into Swift and Lua again is a nested call, and the quarantine, the collector and
    /// the finalizers are seen to after the slice, as after any outermost call. Returns
    /// lua_resume's status and the count of values returned or yielded.
    func resumeTask(_ coroutine: OpaquePointer, arguments: Int32, slice: Duration) -> (status: Int32, results: Int32) {
        let nanoseconds = slice.components.seconds * 1_000_000_000 + slice.components.attoseconds / 1_000_000_000
        depth += 1
        let outerSwift = support.pointee.in_swift
        support.pointee.in_swift = 0
        var results: Int32 = 0
        beginEpoch()
        let status = theolua_resume_task(L, coroutine, arguments, nanoseconds, &results)
        support.pointee.in_swift = outerSwift
        depth -= 1
        if depth == 0 { endOutermostCall() }
        if status != LUA_OK && status != LUA_YIELD {
            support.pointee.budget_exceeded = 0
            support.pointee.memory_exceeded = 0
        }
        return (status, results)
    }

    /// What follows the outermost call into Lua, once no C operation is in progress:
    /// the blocks the emergency collector freed are released, the collector runs again,
    /// and queued finalizers are announced.
    private func endOutermostCall() {
        theolua_release_quarantine(support)
        theolua_restart_collector(L)
        if theolua_finalizers_queued(L) != 0 { onFinalizersQueued?() }
    }

    /// What a runtime error's message gains, if anything: the name meant by a misspelled
    /// one, say (set by the bridge, which knows the names).
    var hint: ((String) -> String?)?

    /// Calls into Lua in progress, nested through Swift functions; the outermost one
    /// arms the limits.
    private var depth = 0

    /// Called when the outermost call returns after finalizers were queued: the bridge
    /// runs them on the next turn.
    var onFinalizersQueued: (() -> Void)?

    /// What a stopped call says: the limit it ran into, worded where the hook raises it.
    private var budgetMessage: String { String(cString: theolua_stop_message(support)) }

    /// Where Lua code last ran, as noted by the hook or at a refused allocation.
    private var lastLocation: String? {
        let text = withUnsafeBytes(of: support.pointee.last_location) { bytes in
            String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
        }
        return text.isEmpty ? nil : text
    }

    private func memoryError() -> ScriptError {
        let mib = (limits.memoryBytes ?? 0) >> 20
        return ScriptError(.memory, message: "memory limit of \(mib) MiB exceeded")
    }

    /// Pops the top value as a string (tostring semantics without metamethods): `[v]` → `[]`.
    func popString() -> String {
        defer { lua_settop(L, -2) }
        return describe(-1)
    }

    /// The value at `index` as text, without calling metamethods: `[]` → `[]`.
    package func describe(_ index: Int32) -> String {
        switch lua_type(L, index) {
        case LUA_TSTRING: return string(at: index) ?? ""
        case LUA_TNUMBER:
            if lua_isinteger(L, index) != 0 { return String(lua_tointegerx(L, index, nil)) }
            return LuaState.format(lua_tonumberx(L, index, nil))
        case LUA_TBOOLEAN: return lua_toboolean(L, index) != 0 ? "true" : "false"
        case LUA_TNIL: return "nil"
        default: return typeName(at: index)
        }
    }

    /// The string at `index`, decoded as UTF-8 with invalid bytes replaced; `nil` unless
    /// the value is a string. Never converts numbers in place.
    package func string(at index: Int32) -> String? {
        guard let bytes = copiedBytes(at: index) else { return nil }
        if let kept = keptString, kept.bytes == bytes.baseAddress, kept.count == bytes.count { return kept.text }
        let text = String(decoding: bytes.assumingMemoryBound(to: UInt8.self), as: UTF8.self)
        if Self.keptLengths.contains(bytes.count), let address = bytes.baseAddress, lua_checkstack(L, 1) != 0 {
            lua_pushvalue(L, index)
            keep(text, at: address, count: bytes.count)
        }
        return text
    }

    /// The last long string that crossed between Lua and Swift, both ways: the Lua
    /// string's bytes, and the Swift string they are. The Lua string is held in the
    /// registry, so no other string can take its address while it is kept: a string read
    /// at that address and length is that Swift string, neither copied nor checked
    /// again, and the Swift string pushed again is that Lua string. A controlled input's
    /// value crosses four times at every key (the `onChange` argument, the state given,
    /// the state read in `render`, the input's props).
    private var keptString: (bytes: UnsafeRawPointer, count: Int, text: String)?

    /// The lengths of the strings kept: below 4 KiB a copy costs less than the look, and
    /// past 1 MiB the string is not held beyond its life (a script that drops a string
    /// of 100 MiB gets its memory back at the next collection, as ever). Holding the last
    /// one keeps at most 1 MiB alive that the script let go.
    static let keptLengths = 4096...(1 << 20)

    /// Keeps the Lua string on top of the stack, whose bytes are at `address`, as `text`
    /// (see ``keptString``), popping it: `[s]` → `[]`. The registry's slot for it exists
    /// once the first one is kept, so replacing it allocates nothing.
    private func keep(_ text: String, at address: UnsafeRawPointer, count: Int) {
        lua_rawsetp(L, theolua_registryindex(), keptStringKey)
        keptString = (address, count, text)
    }

    /// The registry key of the kept string: an address of this state's own.
    private var keptStringKey: UnsafeRawPointer { UnsafeRawPointer(support) + 1 }

    /// Appends the bytes of the string at `index` to `bytes`, as they are (not checked as
    /// UTF-8); false unless the value is a string.
    package func appendBytes(at index: Int32, to bytes: inout [UInt8]) -> Bool {
        guard let copied = copiedBytes(at: index) else { return false }
        bytes.append(contentsOf: copied)
        return true
    }

    /// The bytes of the string at `index`, about to be copied out of Lua; nil unless the
    /// value is a string. Never converts numbers in place.
    private func copiedBytes(at index: Int32) -> UnsafeRawBufferPointer? {
        guard lua_type(L, index) == LUA_TSTRING else { return nil }
        var length = 0
        guard let pointer = lua_tolstring(L, index, &length) else { return nil }
        // The copy is host memory the Lua cap does not see: one call may copy at most the
        // cap's worth (or, when instructions are counted, one instruction per 4 bytes).
        if length >= 4096 { theolua_copy_out(support, Int64(length)) }
        return UnsafeRawBufferPointer(start: pointer, count: length)
    }

    /// The type name of the value at `index`, as Lua's `type` spells it.
    package func typeName(at index: Int32) -> String {
        String(cString: lua_typename(L, lua_type(L, index)))
    }

    /// Pushes `bytes` as a string: `[]` → `[s]`.
    package func push(bytes: ArraySlice<UInt8>) {
        bytes.withUnsafeBytes { raw in
            _ = lua_pushlstring(L, raw.baseAddress?.assumingMemoryBound(to: CChar.self), raw.count)
        }
    }

    /// Pushes `text`: `[]` → `[s]`. A long string is kept (``keptString``): pushed again,
    /// or read back, it is not copied.
    package func push(_ text: String) {
        var text = text
        guard Self.keptLengths.contains(text.utf8.count) else {
            text.withUTF8 { bytes in
                bytes.withMemoryRebound(to: CChar.self) { _ = lua_pushlstring(L, $0.baseAddress, $0.count) }
            }
            return
        }
        if let kept = keptString, kept.count == text.utf8.count,
            kept.text.utf8.withContiguousStorageIfAvailable({ $0.baseAddress })
                == text.utf8.withContiguousStorageIfAvailable({ $0.baseAddress })
        {
            // The same storage as the kept string's: that Lua string.
            lua_rawgetp(L, theolua_registryindex(), keptStringKey)
            return
        }
        let address = text.withUTF8 { bytes in
            bytes.withMemoryRebound(to: CChar.self) { UnsafeRawPointer(lua_pushlstring(L, $0.baseAddress, $0.count)) }
        }
        guard let address, lua_checkstack(L, 1) != 0 else { return }
        lua_pushvalue(L, -1)
        keep(text, at: address, count: text.utf8.count)
    }

    /// Pushes `table[key]` without metamethods: `[]` → `[v]`.
    package func rawField(_ table: Int32, _ key: String) {
        let table = absolute(table)
        push(key)
        lua_rawget(L, table)
    }

    /// Sets `table[key]` to the top value without metamethods: `[v]` → `[]`.
    package func setRawField(_ table: Int32, _ key: String) {
        let table = absolute(table)
        push(key)
        lua_rotate(L, -2, 1)
        lua_rawset(L, table)
    }

    /// `[]` → `[]`; pops `count` values.
    package func pop(_ count: Int32 = 1) {
        lua_settop(L, -count - 1)
    }

    /// Makes `index` absolute so it survives pushes.
    package func absolute(_ index: Int32) -> Int32 {
        lua_absindex(L, index)
    }

    /// Formats a float as Lua's `tostring` does for common values.
    static func format(_ value: Double) -> String {
        if value.isNaN { return value.sign == .minus ? "-nan" : "nan" }
        if value.isInfinite { return value < 0 ? "-inf" : "inf" }
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) + ".0" }
        return String(value)
    }

    /// Where the Lua function `level` frames up the stack is running, as `file:line`.
    func location(level: Int32) -> String? {
        var source = [CChar](repeating: 0, count: 256)
        let line = theolua_current_line(L, level, &source, source.count)
        guard line > 0 else { return nil }
        return String(decoding: source.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self) + ":\(line)"
    }

    static let registryIndex = theolua_registryindex()
}
