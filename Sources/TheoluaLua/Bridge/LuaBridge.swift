import CLua
import CLuaSupport
import Synchronization
import TheoluaCore

/// Lua 5.4 scripts as authors of components: one sandboxed Lua state, its `theolua`
/// module, and the script components it defines, running on the Swift core.
///
/// A bridge is confined to the thread that drives its reconciler and run loop. The state
/// its constructors and renders read on every call is read and written without dynamic
/// exclusivity checks: it is never passed `inout` across a call into Lua (which could
/// reach it again), and a scratch buffer is moved out before such a call and back after.
public final class LuaBridge {
    /// How scripts run.
    public struct Options: Sendable {
        /// Memory and instruction limits.
        public var limits: ScriptLimits
        /// Whether scripts may use `io`, all of `os`, `debug`, `package` and C modules.
        public var allowIO: Bool
        /// Extra folders `require` searches after the app's folder.
        public var modulePaths: [String]

        /// Options with `limits`, the sandbox unless `allowIO`, and `modulePaths`.
        public init(limits: ScriptLimits = ScriptLimits(), allowIO: Bool = false, modulePaths: [String] = []) {
            self.limits = limits
            self.allowIO = allowIO
            self.modulePaths = modulePaths
        }
    }

    package let state: LuaState
    /// How scripts run: limits, the sandbox, module paths.
    public let options: Options
    /// How objects that can outlive the bridge reach it.
    package let link = BridgeLink()
    /// The scheduler for `ui.after` and `ui.every`.
    public let runLoop: any RunLoop
    /// What scripts may do beyond the sandbox, in the order installed (see
    /// Capabilities.swift).
    var capabilities: [any BridgeCapability] = []
    /// The reconciler handlers dispatch into; set by the runtime that mounts the app.
    public weak var reconciler: Reconciler?
    /// The reconciler's pass the open batches belong to.
    private var batchGeneration = 0

    /// The stage clock, when a benchmark measures stages (the reconciler's: see
    /// `Runtime.stageClock`).
    @exclusivity(unchecked) package var stageClock: StageClock?
    /// Receives `ui.emit(name, payload)`.
    public var onEmit: (String, Value) -> Void = { _, _ in }
    /// Receives `ui.quit()`.
    public var onQuit: () -> Void = {}
    /// Hears `self:focus(id)`: the component asking, and the element id (nil: its first
    /// focusable).
    public var onFocus: (ComponentID, String?) -> Void = { _, _ in }
    /// Receives what `print` and `warn` write.
    public var onLog: (String) -> Void = { _ in }
    /// Receives errors raised outside rendering: in timers and in function handlers.
    public var onError: (ScriptError) -> Void = { _ in }

    /// Registry references to release at the next safe point.
    package let releases = ReleaseQueue()
    /// The app's folder; `require` resolves modules relative to it, and capabilities
    /// the paths scripts name.
    package internal(set) var appFolder = "."
    /// The files loaded by the current load of the app, the app first.
    public internal(set) var loadedFiles: [String] = []
    /// Names defined by the current load, with where, to report duplicates.
    var definedNames: [String: String] = [:]
    /// The running timers, processes and watches no component owns (started by the
    /// script's top level or by such work), of the current load: the next load that
    /// succeeds cancels them, since its top level starts its own.
    var topLevelWork: [any OwnedWork] = []
    /// The work no component owns started while a load runs: it replaces
    /// `topLevelWork` if the load succeeds, and is cancelled if it fails.
    var loadingWork: [any OwnedWork]?
    /// Every name a component or primitive error message may start with.
    var knownComponentNames: Set<String> = []
    /// The component on whose behalf Lua code runs now, to own timers and work it starts
    /// (see Ownership.swift).
    @exclusivity(unchecked) package internal(set) var currentOwner: ComponentRef<ScriptComponent>?
    /// Each script component's element pool, by component.
    var elementPools: [ComponentID: ElementPool] = [:]
    /// The interned Lua string `"key"`, anchored in the registry: a table field is the
    /// element key exactly when its name is this string.
    @exclusivity(unchecked) var keyString: UnsafePointer<CChar>?
    @exclusivity(unchecked) var keyStringRef: Int32 = LUA_NOREF
    /// `keyString` alone, the names a snapshot of a table without a schema need not keep.
    @exclusivity(unchecked) var keptKeyName: [UnsafePointer<CChar>?] = []
    /// The interned names `props` and `state`, which `self` and controllers answer.
    @exclusivity(unchecked) var propsName: UnsafePointer<CChar>?
    @exclusivity(unchecked) var stateName: UnsafePointer<CChar>?
    /// Each primitive constructor's schema bound to the Lua state, by constructor.
    @exclusivity(unchecked) var primitiveSchemas: [BoundSchema] = []
    /// A context provider's schema bound to the Lua state.
    @exclusivity(unchecked) var providerSchema: BoundSchema?
    /// Where a constructor gathers the fields of its table before they are copied into
    /// the element's record at their exact number; kept from call to call.
    @exclusivity(unchecked) var fieldScratch: [Record.Entry] = []
    /// The message of the last validation error raised into Lua, to tell its kind later.
    var lastValidationMessage: String?
    /// The message of the last error a Swift function raised into Lua.
    var lastRaise: String?
    /// A warning being assembled from pieces.
    var pendingWarning = ""
    /// The registry references of the bridge's registry tables, by `RegistryTable`.
    @exclusivity(unchecked) var registryReferences = [Int32](repeating: LUA_NOREF, count: RegistryTable.allCases.count)
    /// Lua modules hosts offer to `require`, by name, with their source.
    var hostModules: [(name: String, source: String)] = []
    /// Swift functions offered to scripts as `ui.<name>`, in registration order.
    var hostFunctions: [HostFunction] = []
    /// Swift components offered to scripts, in registration order.
    var nativeComponents: [NativeComponent] = []
    /// Handlers made for Lua functions, by function, so one function is one handler.
    @exclusivity(unchecked) var functionCache: [UnsafeRawPointer: WeakFunction] = [:]
    /// Registry reference of the snapshot of the state shared by every load, taken
    /// before the first (see SharedState.swift).
    var pristineReference: Int32 = LUA_NOREF
    /// Where each component (by name) last called `updateState`.
    var updateLocations: [String: String] = [:]
    /// The type tables of the schema being parsed, one inside the next: a cycle check.
    @exclusivity(unchecked) var schemaTables: [UnsafeRawPointer] = []
    /// Whether a turn to run queued finalizers is on the run loop.
    var finalizersScheduled = false
    /// The components whose render returned no value, warned of once.
    var warnedRenders: Set<String> = []
    /// The last function a script looked for in the sandbox's `os` and did not find.
    var missingOSFunction: String?
    /// The last script timer that fired.
    @exclusivity(unchecked) var lastFiredTimer: TimerOrigin?
    /// Whether the app's top level is running (see ErrorLocation.swift).
    @exclusivity(unchecked) var isLoadingApp = false
    /// The last element the loading app's top level made.
    @exclusivity(unchecked) var lastTopLevelElement: TopLevelElement?
    /// The chunk (Lua's own name of it) and the name locations give it, of the last
    /// element noted: looked up again only when the chunk changes.
    @exclusivity(unchecked) var notedChunk: UnsafePointer<CChar>?
    @exclusivity(unchecked) var notedChunkName: String?
    /// What made the root element the app returned, and where: errors about elements no
    /// script component rendered are blamed on it. Nil when the app returned a component.
    var rootOrigin: (subject: String, location: String?)?

    /// A bridge with `options`, scheduling timers on `runLoop`.
    public init(options: Options = Options(), runLoop: any RunLoop) throws(ScriptError) {
        self.options = options
        self.runLoop = runLoop
        state = try LuaState(limits: options.limits)
        state.context = Unmanaged.passUnretained(self).toOpaque()
        link.bridge = self
        state.onFinalizersQueued = { [link] in link.bridge?.scheduleFinalizers() }
        let allowIO = options.allowIO
        state.hint = { [link] message in
            LuaBridge.hint(forMessage: message, allowIO: allowIO, missingOSFunction: link.bridge?.missingOSFunction)
        }
        try installLibraries()
        installMetatables()
        try installModule()
    }

    deinit {
        // Closing the state runs finalizers; they must find no bridge to call back into,
        // and run under a budget so a looping __gc cannot hang the host.
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
        let raisedByBridge = lastRaise.map { $0.hasSuffix(error.message) } ?? false
        if error.component == nil && raisedByBridge {
            for name in knownComponentNames where error.message.hasPrefix(name + ": ") {
                error.component = name
                error.message.removeFirst(name.count + 2)
                break
            }
        }
        if let last = lastValidationMessage, error.kind == .runtime, last.hasSuffix(error.message) {
            error.kind = .validation
        }
        if let component { error = error.inComponent(component) }
        return error
    }
}

/// How objects that can outlive their bridge (definitions, functions, controllers,
/// timers) reach it: they hold the link, which the bridge clears first thing in its
/// `deinit`. Weak references to the bridge would give it a side table and make every
/// retain of it take the slow path.
///
/// `@unchecked Sendable`: it is read and cleared only on the bridge's thread.
package final class BridgeLink: @unchecked Sendable {
    package unowned(unsafe) var bridge: LuaBridge?
}

/// Registry references whose Swift owners were deinitialized, waiting to be released
/// on the bridge's thread at the next safe point.
package final class ReleaseQueue: Sendable {
    private let pending = Mutex<[Int32]>([])

    func add(_ reference: Int32) {
        pending.withLock { $0.append(reference) }
    }

    func take() -> [Int32] {
        pending.withLock { references in
            defer { references.removeAll() }
            return references
        }
    }
}

/// A registry reference to a Lua value, released when this object goes away.
final class LuaRef: Sendable {
    let reference: Int32
    private let releases: ReleaseQueue

    /// Pops the top value into the registry: `[v]` → `[]`.
    init(popping L: OpaquePointer, releases: ReleaseQueue) {
        reference = luaL_ref(L, LuaState.registryIndex)
        self.releases = releases
    }

    deinit {
        if reference > 0 { releases.add(reference) }
    }

    /// Pushes the value: `[]` → `[v]`.
    func push(_ L: OpaquePointer) {
        lua_rawgeti(L, LuaState.registryIndex, lua_Integer(reference))
    }
}

/// An error raised back into Lua by a Swift function: its message already carries the
/// location.
package struct LuaRaise: Error {
    package var message: String
}
