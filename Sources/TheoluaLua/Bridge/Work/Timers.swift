import CLua
import CLuaSupport
import TheoluaCore

/// Where a script started a timer, and for which component: named when timers fire
/// more often than a run loop allows.
struct TimerOrigin {
    let location: String?
    let component: String?
}

extension LuaBridge {
    /// `ui.after(seconds, fn)` and `ui.every(seconds, fn)`: a timer on the run loop,
    /// owned by the component on whose behalf the script runs (if any), and then
    /// cancelled when that component unmounts.
    func startTimer(repeating: Bool) throws -> Int32 {
        let name = repeating ? "ui.every" : "ui.after"
        guard lua_type(L, 1) == LUA_TNUMBER else {
            throw raise("\(name): expected seconds as a number, got \(found(at: 1))")
        }
        let seconds = lua_tonumberx(L, 1, nil)
        guard seconds.isFinite, seconds >= 0, seconds < 1e9 else {
            throw raise("\(name): expected seconds ≥ 0, got \(found(at: 1))")
        }
        if repeating && seconds < 0.001 {
            throw raise("\(name): the interval must be at least 0.001 seconds, got \(found(at: 1))")
        }
        guard isCallable(at: 2) else {
            throw raise("\(name): expected a function or a handler, got \(found(at: 2))")
        }
        lua_pushvalue(L, 2)
        let function = popFunction(location: name)
        let owner = owners.current
        let delay = Duration.nanoseconds(Int64(seconds * 1e9))
        let origin = TimerOrigin(location: state.location(level: 1), component: owner?.name)
        let work = { [link] in
            guard let bridge = link.bridge else { return }
            bridge.diagnostics.lastFiredTimer = origin
            do throws(ScriptError) {
                _ = try bridge.stageClock.measure(.script) { () throws(ScriptError) in
                    try bridge.call(function, arguments: [], owner: owner)
                }
            } catch {
                bridge.onError(error)
            }
        }
        let timer = startTimer(after: delay, repeating: repeating, owner: owner, work)
        pushObject(Box(timer), kind: .timer)
        return 1
    }

    /// The error for timers that fired `count` times by `seconds` of virtual time, more
    /// than a run loop fires in one advance: at the line that started the last timer to
    /// fire, which a timer firing far too often most likely is, in its component.
    package func timersFiredTooOftenError(count: Int, seconds: Double) -> ScriptError {
        ScriptError(
            .runtime, location: diagnostics.lastFiredTimer?.location,
            message: "timers fired \(count) times by \(seconds) s of virtual time, the last one started here; the"
                + " rest of the time was not run (a timer firing too often?)",
            component: diagnostics.lastFiredTimer?.component)
    }

    /// `timer:cancel()`.
    static let cancelTimer: theolua_function = { L in
        LuaBridge.entry(L) { bridge, L in
            bridge.object(at: 1, kind: .timer, as: Box<TimerHandle?>.self)?.value?.cancel()
            return 0
        }
    }
}
