import CLua
import TheoluaCore

/// Who owns the work scripts start: the timers of `ui.after` and `ui.every`, the
/// replies of asynchronous host functions, and what capabilities run on (processes,
/// watches).
///
/// Work belongs to the component on whose behalf Lua code runs when it starts
/// (``currentOwner``, set around every render, action, controller method and callback),
/// and is cancelled when that component unmounts. Work started by the app's top level,
/// or by work nobody owns, belongs to the current load instead: the next load that
/// succeeds cancels it, since its top level starts its own. A callback runs on behalf
/// of the owner of the work it belongs to, so what it starts has the same owner.
extension LuaBridge {
    /// The component on whose behalf Lua code runs now, if any: the owner of the work
    /// it starts.
    package var currentOwner: ComponentRef<ScriptComponent>? { owners.current }

    /// Calls into Lua on behalf of `owner` (the work it starts belongs to it); with no
    /// owner, on behalf of the current one.
    func withOwner<T, E: Error>(_ owner: ComponentRef<ScriptComponent>?, _ body: () throws(E) -> T) throws(E) -> T {
        let outer = owners.current
        owners.current = owner ?? outer
        defer { owners.current = outer }
        return try body()
    }

    /// Gives `work` to `owner`, or to the top level of the current load.
    package func adopt(_ work: any OwnedWork, owner: ComponentRef<ScriptComponent>?) {
        if let owner {
            owner.own(work)
        } else {
            adoptTopLevel(work)
        }
    }

    /// Keeps `work` that no component owns with the current load's top level: the next
    /// successful load cancels it.
    func adoptTopLevel(_ work: any OwnedWork) {
        if owners.loading != nil {
            owners.loading?.append(work)
        } else {
            owners.topLevel.removeAll { !$0.isActive }
            owners.topLevel.append(work)
        }
    }

    /// Starts a timer that runs `work` after `delay` (every `delay` when `repeating`),
    /// owned by `owner` (a component keeps its timers apart from its other work) or by
    /// the current load's top level. Nil when `owner` has unmounted (a warning says so).
    func startTimer(
        after delay: Duration, repeating: Bool, owner: ComponentRef<ScriptComponent>?, _ work: @escaping () -> Void
    ) -> TimerHandle? {
        if let owner {
            return repeating ? owner.every(delay, work) : owner.after(delay, work)
        }
        let timer = TimerHandle(on: runLoop, delay: delay, repeating: repeating, work)
        adoptTopLevel(timer)
        return timer
    }

    /// Cancels the work no component owns: the app is ending.
    package func cancelTopLevelWork() {
        for work in owners.topLevel { work.cancel() }
        owners.topLevel = []
    }

    /// Pops the function at the top into a function Swift keeps to call back later,
    /// named `location` in messages: `[f]` → `[]`.
    package func popFunction(location: String) -> LuaFunction {
        LuaFunction(ref: LuaRef(popping: L, releases: releases), bridge: self, location: location)
    }

    /// Calls `function` with the values `push` pushes (`arguments` of them), on behalf
    /// of `owner`; an error is reported through `onError`, like a timer's.
    package func deliver(
        _ function: LuaFunction, owner: ComponentRef<ScriptComponent>?, arguments: Int32 = 1, _ push: () -> Void
    ) {
        drainReleases()
        guard lua_checkstack(L, arguments + 4) != 0 else { return }
        do throws(ScriptError) {
            try stageClock.measure(.script) { () throws(ScriptError) in
                function.ref.push(L)
                push()
                do throws(ScriptError) {
                    try withOwner(owner) { () throws(ScriptError) in
                        try state.call(arguments: arguments, results: 0)
                    }
                } catch {
                    throw scriptError(error, component: owner?.name)
                }
            }
        } catch {
            onError(error)
        }
    }
}
