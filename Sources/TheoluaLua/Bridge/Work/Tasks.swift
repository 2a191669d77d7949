import CLua
import CLuaSupport
import TheoluaCore

/// A `ui.task`: a script function run as a coroutine a slice at a time, between frames,
/// so that a long loop neither freezes the screen nor meets a call's time limit.
/// Like a timer it belongs to the component that started it (or to the current load),
/// and ends when that unmounts.
final class ScriptTask: OwnedWork {
    /// The coroutine, kept alive in the registry.
    let thread: LuaRef
    /// The coroutine's own state.
    let coroutine: OpaquePointer
    /// The task's handle, passed to the function when it starts.
    let handle: LuaRef
    let onDone: LuaFunction?
    let onError: LuaFunction?
    let owner: ComponentRef<ScriptComponent>?
    /// Whether the function has been called (its first slice ran).
    var started = false
    private(set) var isActive = true

    init(
        thread: LuaRef, coroutine: OpaquePointer, handle: LuaRef, onDone: LuaFunction?, onError: LuaFunction?,
        owner: ComponentRef<ScriptComponent>?
    ) {
        self.thread = thread
        self.coroutine = coroutine
        self.handle = handle
        self.onDone = onDone
        self.onError = onError
        self.owner = owner
    }

    func cancel() { isActive = false }
}

extension LuaBridge {
    /// The longest slice one task runs before the frame goes on.
    static let taskSlice = Duration.milliseconds(10)

    /// `ui.task(fn, { onDone = fn(result), onError = fn(message) })` → a task handle.
    func startTask() throws -> Int32 {
        guard lua_type(L, 1) == LUA_TFUNCTION else {
            throw raise("ui.task: expected a function, got \(found(at: 1))")
        }
        let options = lua_type(L, 2)
        guard options == LUA_TNONE || options == LUA_TNIL || options == LUA_TTABLE else {
            throw raise("ui.task: expected the options as a table, got \(found(at: 2))")
        }
        let onDone = try optionalFunction(field: "onDone", of: 2, what: "ui.task")
        let onError = try optionalFunction(field: "onError", of: 2, what: "ui.task")
        guard let coroutine = lua_newthread(L) else { throw raise("ui.task: cannot make a coroutine") }
        lua_pushvalue(L, 1)
        lua_xmove(L, coroutine, 1)  // the function, on the coroutine's stack
        let thread = LuaRef(popping: L, releases: releases)
        let owner = owners.current
        pushObject(Box(TaskBox()), kind: .task)
        lua_pushvalue(L, -1)
        let handle = LuaRef(popping: L, releases: releases)
        let task = ScriptTask(
            thread: thread, coroutine: coroutine, handle: handle, onDone: onDone, onError: onError, owner: owner)
        object(at: -1, kind: .task, as: Box<TaskBox>.self)?.value.task = task
        adopt(task, owner: owner)
        owners.tasks.append(task)
        return 1
    }

    /// The function or handler (`self:handler(...)`, called as Lua calls it, which
    /// dispatches its action) at `field` of the options table at `index` (none when it
    /// is not a table, or the field is nil), kept to call later; anything else is an
    /// error of `what`.
    package func optionalFunction(field: String, of index: Int32, what: String) throws -> LuaFunction? {
        guard lua_type(L, index) == LUA_TTABLE else { return nil }
        lua_getfield(L, index, field)
        switch lua_type(L, -1) {
        case LUA_TNIL:
            state.pop()
            return nil
        case LUA_TFUNCTION:
            return popFunction(location: "\(what) \(field)")
        case LUA_TUSERDATA where isCallable(at: -1):
            return popFunction(location: "\(what) \(field)")
        default:
            defer { state.pop() }
            throw raise("\(what): \(field) must be a function or a handler, got \(found(at: -1))")
        }
    }

    /// Whether the value at `index` is what a script may pass where it is called later:
    /// a function, or a handler (`self:handler(...)`, which a call dispatches).
    package func isCallable(at index: Int32) -> Bool {
        switch lua_type(L, index) {
        case LUA_TFUNCTION: true
        case LUA_TUSERDATA: object(at: index, kind: .handler, as: Box<Handler>.self) != nil
        default: false
        }
    }

    /// Whether a task is still to run.
    package var hasActiveTasks: Bool { owners.tasks.contains { $0.isActive } }

    /// Runs each task for a slice, sharing the time until `deadline` (at most
    /// ``taskSlice`` each); one that finishes or fails calls its `onDone` or `onError`.
    package func runTasks(until deadline: ContinuousClock.Instant) {
        owners.tasks.removeAll { !$0.isActive }
        let tasks = owners.tasks
        for (position, task) in tasks.enumerated() where task.isActive {
            let left = deadline - ContinuousClock.now
            let share = left / (tasks.count - position)
            let slice = max(min(share, Self.taskSlice), .microseconds(200))
            resume(task, for: slice)
        }
        owners.tasks.removeAll { !$0.isActive }
    }

    /// Resumes `task` for `slice`, and delivers its end if it came.
    private func resume(_ task: ScriptTask, for slice: Duration) {
        drainReleases()
        let coroutine = task.coroutine
        var arguments: Int32 = 0
        if !task.started {
            task.started = true
            task.handle.push(coroutine)
            arguments = 1
        }
        let (status, results) = stageClock.measure(.script) {
            withOwner(task.owner) { state.resumeTask(coroutine, arguments: arguments, slice: slice) }
        }
        switch status {
        case LUA_YIELD:
            // What an explicit coroutine.yield gave is dropped (a slice's end gives none);
            // the rest of the stack is the running function's.
            lua_settop(coroutine, -results - 1)
        case LUA_OK:
            task.cancel()
            guard let onDone = task.onDone else { return }
            // The first values it returned, at most 250 (as many as a call passes on).
            let count = min(results, 250)
            lua_settop(coroutine, lua_gettop(coroutine) - (results - count))
            deliver(onDone, owner: task.owner, arguments: count) {
                lua_xmove(coroutine, L, count)
            }
        default:
            task.cancel()
            // Only a string is read as it is: converting a number would allocate here,
            // outside any protected call.
            var length = 0
            let text =
                lua_type(coroutine, -1) == LUA_TSTRING
                ? lua_tolstring(coroutine, -1, &length).map {
                    String(decoding: UnsafeRawBufferPointer(start: $0, count: length), as: UTF8.self)
                } : nil
            let message =
                text ?? "the task failed with a \(String(cString: lua_typename(coroutine, lua_type(coroutine, -1))))"
            if let onError = task.onError {
                deliver(onError, owner: task.owner) { state.push(message) }
            } else {
                onError(ScriptError(.runtime, message: "ui.task: " + message, component: task.owner?.name))
            }
        }
    }

    /// `task:cancel()`: the task runs no more, and neither callback is called.
    static let cancelTask: theolua_function = { L in
        LuaBridge.entry(L) { bridge, _ in
            bridge.object(at: 1, kind: .task, as: Box<TaskBox>.self)?.value.task?.cancel()
            return 0
        }
    }
}

/// What a task's handle holds: the task, once made (weakly: the bridge keeps tasks).
final class TaskBox {
    weak var task: ScriptTask?
}
