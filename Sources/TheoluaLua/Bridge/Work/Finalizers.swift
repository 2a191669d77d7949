import CLua
import CLuaSupport

/// Finalizers (`__gc`) of script tables. Lua would run them inside the collector with
/// hooks off, out of the limits' reach; the sandbox's `setmetatable` queues them instead
/// (theolua_guards.c), and the bridge runs the queue on the run loop's next turn as one
/// call under the limits.
extension LuaBridge {
    /// Schedules the queued finalizers for the next turn of the run loop, once.
    func scheduleFinalizers() {
        guard !finalizersScheduled else { return }
        finalizersScheduled = true
        runLoop.enqueue { [link] in link.bridge?.runFinalizers() }
    }

    /// Runs the finalizers queued since the last run, as one call. Each failing
    /// finalizer is reported through `onError`, and the others still run; an exceeded
    /// limit is reported once and drops the finalizers still queued.
    func runFinalizers() {
        finalizersScheduled = false
        drainReleases()
        lua_pushcclosure(L, theolua_run_finalizers, 0)
        do {
            try state.call(arguments: 0, results: 1)
        } catch {
            onError(scriptError(error, component: nil))
            return
        }
        defer { state.pop() }
        guard lua_type(L, -1) == LUA_TTABLE else { return }
        for index in 1...max(1, lua_Integer(lua_rawlen(L, -1))) {
            lua_rawgeti(L, -1, index)
            defer { state.pop() }
            guard let message = state.string(at: -1) else { continue }
            var error = ScriptError(.runtime, luaMessage: message)
            error.message = "in a finalizer: " + error.message
            onError(error)
        }
    }
}
