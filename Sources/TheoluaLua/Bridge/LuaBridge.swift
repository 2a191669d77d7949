import CLua
import CLuaSupport
import TheoluaCore

/// Lua 5.4 scripts as authors of components: one sandboxed Lua state, its `theolua`
/// module, and the script components it defines, running on the Swift core.
///
/// What the bridge keeps is grouped by responsibility, one value of each: how values
/// cross between Lua and Swift (``ValueBindings``), the script components and their
/// instances (``ComponentRecords``), the module table and what hosts and capabilities
/// added to it (``ModuleTable``), who owns the work scripts start (``WorkOwners``), and
/// what makes its errors precise (``Diagnostics``). Its own properties are the Lua
/// state, the host's connections (run loop, reconciler, callbacks) and the app's files.
///
/// A bridge is confined to the thread that drives its reconciler and run loop. The state
/// its constructors and renders read on every call (the groups above, the stage clock)
/// is read and written without dynamic exclusivity checks: it is never passed `inout`
/// across a call into Lua (which could reach it again), and a scratch buffer is moved
/// out before such a call and back after.
public final class LuaBridge {
    /// How scripts run.
    public struct Options: Sendable {
        /// Memory and instruction limits.
        public var limits: ScriptLimits
        /// Whether scripts may use `io`, all of `os`, `debug`, `package` and C modules.
        public var allowIO: Bool
        /// Extra folders `require` searches after the app's folder.
        public var modulePaths: [String]
        /// What `os.time` and `os.date` read: the system's clock, or the run
        /// loop's (for headless renders and tests, whose screens must not change run by run).
        public var wallClock: WallClock

        /// Options with `limits`, the sandbox unless `allowIO`, `modulePaths`, and the
        /// clock `os` reads.
        public init(
            limits: ScriptLimits = ScriptLimits(), allowIO: Bool = false, modulePaths: [String] = [],
            wallClock: WallClock = .system
        ) {
            self.limits = limits
            self.allowIO = allowIO
            self.modulePaths = modulePaths
            self.wallClock = wallClock
        }
    }

    /// The one owner of the `lua_State`.
    package let state: LuaState
    /// How scripts run: limits, the sandbox, module paths.
    public let options: Options
    /// How objects that can outlive the bridge reach it.
    package let link = BridgeLink()
    /// Registry references to release at the next safe point.
    package let releases = ReleaseQueue()
    /// The reconciler's pass the open batches belong to.
    @exclusivity(unchecked) private var batchGeneration = 0
    /// Whether a turn to run queued finalizers is on the run loop.
    @exclusivity(unchecked) var finalizersScheduled = false

    /// Names, schemas, scratch and handlers for converting values (Values/).
    @exclusivity(unchecked) var values = ValueBindings()
    /// The script components of the current load and their instances (Components/).
    @exclusivity(unchecked) var components = ComponentRecords()
    /// The registry tables, the module's snapshot, and what hosts and capabilities
    /// added (Module/).
    @exclusivity(unchecked) var module = ModuleTable()
    /// Who owns the work scripts start (Work/).
    @exclusivity(unchecked) var owners = WorkOwners()
    /// What the bridge remembers to make its errors precise (Errors/).
    @exclusivity(unchecked) var diagnostics = Diagnostics()

    /// The scheduler for `ui.after` and `ui.every`.
    public let runLoop: any RunLoop
    /// The reconciler handlers dispatch into; set by the runtime that mounts the app.
    @exclusivity(unchecked) public weak var reconciler: Reconciler?
    /// The stage clock, when a benchmark measures stages (the reconciler's: see
    /// `Runtime.stageClock`).
    @exclusivity(unchecked) package var stageClock: StageClock?
    /// Receives `ui.emit(name, payload)`.
    public var onEmit: (String, Value) -> Void = { _, _ in }
    /// Receives `ui.quit()`.
    public var onQuit: () -> Void = {}
    /// Receives `ui.clipboard.write(text)`.
    public var onClipboard: (String) -> Void = { _ in }
    /// Receives `ui.print(...)`: the text, its lines joined by newlines.
    public var onPrint: (String) -> Void = { _ in }
    /// Receives `ui.notify(message, { kind, timeout })`: the message, its kind (`info`,
    /// `success`, `warning` or `error`) and its timeout in seconds (0: until dismissed).
    public var onNotify: (_ message: String, _ kind: String, _ timeout: Double) -> Void = { _, _, _ in }
    /// Hears `self:focus(id)`: the component asking, and the element id (nil: its first
    /// focusable).
    public var onFocus: (ComponentID, String?) -> Void = { _, _ in }
    /// Hears `self:scrollTo(id)`: the component asking, and the element id.
    public var onScrollTo: (ComponentID, String) -> Void = { _, _ in }
    /// Receives what `print` and `warn` write.
    public var onLog: (String) -> Void = { _ in }
    /// Receives errors raised outside rendering: in timers and in function handlers.
    public var onError: (ScriptError) -> Void = { _ in }

    /// The app's folder; `require` resolves modules relative to it, and capabilities
    /// the paths scripts name.
    package internal(set) var appFolder = "."
    /// The files loaded by the current load of the app, the app first.
    public internal(set) var loadedFiles: [String] = []
    /// A warning being assembled from pieces (see Sandbox.swift).
    var pendingWarning = ""

    /// A bridge with `options`, scheduling timers on `runLoop`.
    public init(options: Options = Options(), runLoop: any RunLoop) throws(ScriptError) {
        self.options = options
        self.runLoop = runLoop
        state = try LuaState(limits: options.limits)
        state.context = Unmanaged.passUnretained(self).toOpaque()
        link.bridge = self
        state.onFinalizersQueued = { [link] in link.bridge?.scheduleFinalizers() }
        state.hint = { [link] message in
            LuaBridge.hint(forMessage: message, moduleFunctionNames: link.bridge?.moduleFunctionNames ?? [])
        }
        try installLibraries()
        installMetatables()
        try installModule()
    }

    deinit {
        // Closing the state runs finalizers; they must find no bridge to call back into,
        // and run under the limits so a looping __gc cannot hang the host.
        link.bridge = nil
        state.context = nil
        lua_setwarnf(L, nil, nil)
        theolua_arm_budget(L)
    }

    /// The bridge of `L`, from the context pointer in its support record.
    package static func from(_ L: OpaquePointer) -> LuaBridge? {
        guard let context = theolua_getsupport(L)?.pointee.context else { return nil }
        return Unmanaged<LuaBridge>.fromOpaque(context).takeUnretainedValue()
    }

    /// The thread Swift works on now (see `LuaState.L`).
    package var L: OpaquePointer { state.L }

    /// Bytes the Lua state uses now.
    public var memoryUsed: Int { state.memoryUsed }

    /// Releases registry references whose owners went away, and starts new batches when
    /// the reconciler has begun a pass since the last call. Runs before calls into Lua.
    func drainReleases() {
        for reference in releases.take() {
            luaL_unref(L, LuaState.registryIndex, reference)
        }
        // Objects of two passes share no batch: a userdata a script keeps then holds
        // back only objects of its own pass (theolua_batches.c).
        let generation = reconciler?.generation ?? 0
        if generation != batchGeneration {
            batchGeneration = generation
            theolua_close_batches(L)
        }
    }

    /// Turns an error from a protected call into a script error naming the component.
    func scriptError(_ error: ScriptError, component: String?) -> ScriptError {
        var error = error
        // Only our own errors start with the component's name; a script's `error("X: …")`
        // must not be attributed to a component named X.
        let raisedByBridge = diagnostics.lastRaise.map { $0.hasSuffix(error.message) } ?? false
        if error.component == nil && raisedByBridge {
            for name in components.knownComponentNames where error.message.hasPrefix(name + ": ") {
                error.component = name
                error.message.removeFirst(name.count + 2)
                break
            }
        }
        if let last = diagnostics.lastValidationMessage, error.kind == .runtime, last.hasSuffix(error.message) {
            error.kind = .validation
        }
        if let component { error = error.inComponent(component) }
        return error
    }
}
