import CLuaSupport
import TheoluaCore
import TheoluaLua
import TheoluaSystem

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What scripts may do beyond the sandbox, over TheoluaSystem: `ui.spawn`, `ui.exec`, `ui.fetch`,
/// `ui.readFile`, `ui.listDir`, `ui.watch` and `ui.tail`, the writes (`ui.writeFile`,
/// `ui.appendFile`, `ui.makeDir`, `ui.remove`, `ui.rename`), and the module files
/// `require` reads, each through the one gate that checks its permission.
///
/// A host makes one with the grants scripts run with and installs it in a bridge
/// (``install(in:)``; the runtime does both). What scripts start on it (a process, a
/// watch) belongs to the component on whose behalf the script ran, like a timer, and
/// its callbacks are ordinary script calls made when the host services ``io``.
///
/// Confined to the bridge's thread.
public final class SystemCapabilities {
    /// What `ui.spawn`, `ui.readFile`, `ui.listDir`, `ui.watch` and `ui.tail` may reach:
    /// nothing unless granted.
    public let permissions: Permissions
    /// The folder relative paths start in (files, commands, a process's `cwd`); nil for
    /// the app's folder. Modules are always looked for in the app's folder.
    public let workingFolder: String?
    /// Where the processes, watches and tails scripts start are serviced: the host waits
    /// on its descriptors and services it (see `Runtime.serviceIO()`).
    public let io = IOReactor()
    /// The processes scripts started that have not finished.
    var processes: [ScriptProcess] = []
    /// Where `ui.fetch` requests go: made when first needed, its thread started then.
    private(set) lazy var http = HTTPClient()
    /// The programs scripts asked to give the terminal to (`ui.exec`), in order.
    var programs: [ProgramRequest] = []
    /// Every process scripts start is a job of these, so that what it starts can be
    /// ended with it.
    let jobs = ProcessJobs()
    /// The bridge it is installed in.
    private var link: BridgeLink?
    /// The gates of the app's folder, made when first needed after it changes.
    private var gates: Gates?

    /// Capabilities with `permissions`, to install in a bridge, whose scripts' relative
    /// paths start in `workingFolder` (nil: the app's folder).
    public init(permissions: Permissions = Permissions(), workingFolder: String? = nil) {
        self.permissions = permissions
        self.workingFolder = workingFolder.map { Paths.absolute($0, in: ".") }
    }

    /// Gives `bridge`'s scripts these capabilities: the functions join its `theolua`
    /// module, and `require` reads module files through them. Install in one bridge,
    /// before it loads an app.
    public func install(in bridge: LuaBridge) throws(ScriptError) {
        link = bridge.link
        try bridge.install(self)
    }

    /// Ends every process the app started (SIGTERM, then SIGKILL after `grace`), and
    /// stops every watch and timer no component owns: the app is ending.
    public func endSystemWork(grace: Duration = .milliseconds(500)) {
        for handle in processes { handle.cancelled = true }
        jobs.end(processes.map(\.process), grace: grace)
        processes = []
        for program in programs { program.cancel() }
        programs = []
        http.cancelAll()
        link?.bridge?.cancelTopLevelWork()
    }

    /// The next program a script asked to give the terminal to (`ui.exec`), taken from
    /// the queue: the host runs it (``ForegroundProgram``) and reports how it ended with
    /// ``ProgramRequest/finish(_:)``. Nil when none waits.
    public func takeProgram() -> ProgramRequest? {
        programs.removeAll { !$0.isActive }
        return programs.isEmpty ? nil : programs.removeFirst()
    }

    /// The programs waiting for the terminal, oldest first.
    public var pendingPrograms: [ProgramRequest] {
        programs.removeAll { !$0.isActive }
        return programs
    }

    /// How many requests scripts made (`ui.fetch`) wait for their answer.
    public var waitingRequestCount: Int { http.waitingCount }

    /// How many processes the app started are still running or have output to deliver.
    public var runningProcessCount: Int {
        processes.removeAll { $0.process.isFinished }
        return processes.count
    }

    /// The absolute, resolved path of `path` (relative to the working folder), if the read
    /// permission allows it: the check `ui.readFile` makes, for host functions. A host
    /// function that opens the file should use ``openReadable(_:)``, which opens what it
    /// checks.
    public func readablePath(_ path: String) throws(PermissionDenied) -> String {
        do {
            return try fileGate.resolve(path)
        } catch .denied(let denial) {
            throw denial
        } catch {
            return Paths.resolved(Paths.absolute(path, in: pathFolder))
        }
    }

    /// The entries of the folder at `path` (relative to the working folder), by name,
    /// listed through the read permission as `ui.listDir` lists them.
    public func listFolder(_ path: String) throws(FileGate.Failure) -> [Files.Entry] {
        try fileGate.list(path)
    }

    /// A descriptor open for reading on the regular file at `path` (relative to the
    /// working folder), opened through the read permission as `ui.readFile` opens it; the
    /// caller closes it.
    public func openReadable(_ path: String) throws(FileGate.Failure) -> Int32 {
        try fileGate.openFile(path)
    }

    /// The executable `command` names, if the run permission allows it: the check
    /// `ui.spawn` makes, for host functions.
    public func runnableCommand(_ command: String) throws(PermissionDenied) -> String {
        try commandGate.executable(for: command)
    }

    // MARK: Gates

    /// The gates scripts' paths, modules and commands go through, made for the app's
    /// folder (where modules are) and the folder relative paths start in.
    struct Gates {
        var appFolder: String
        /// Files, folders, watches and tails: the read permission.
        var files: FileGate
        /// Writing, making, removing and renaming: the write permission.
        var writes: FileGate
        /// `require`: the app's folder and the module paths.
        var modules: FileGate
        /// `ui.spawn`: the run permission.
        var commands: CommandGate
    }

    /// The folder of the app the bridge runs, where modules are.
    private var appFolder: String { link?.bridge?.appFolder ?? "." }

    /// Where the relative paths scripts name start: the working folder, else the app's.
    var pathFolder: String { workingFolder ?? appFolder }

    private var currentGates: Gates {
        let app = appFolder
        if let gates, gates.appFolder == app { return gates }
        let folder = workingFolder ?? app
        let made = Gates(
            appFolder: app,
            files: FileGate(permissions.read, relativeTo: folder),
            writes: FileGate(permissions.write, relativeTo: folder, for: .write),
            modules: FileGate(.only([app] + (link?.bridge?.options.modulePaths ?? [])), relativeTo: "."),
            commands: CommandGate(
                permissions.run, searchPath: getenv("PATH").map { String(cString: $0) }, folder: folder))
        gates = made
        return made
    }

    var fileGate: FileGate { currentGates.files }
    var writeGate: FileGate { currentGates.writes }
    var moduleGate: FileGate { currentGates.modules }
    var commandGate: CommandGate { currentGates.commands }
    var netGate: NetGate { NetGate(permissions.net) }
}

extension SystemCapabilities: BridgeCapability {
    package var moduleFunctions: [(name: String, function: theolua_function)] {
        [
            ("spawn", { L in SystemCapabilities.entry(L) { bridge, system in try bridge.spawn(system) } }),
            ("exec", { L in SystemCapabilities.entry(L) { bridge, system in try bridge.exec(system) } }),
            ("fetch", { L in SystemCapabilities.entry(L) { bridge, system in try bridge.fetch(system) } }),
            ("editor", { L in SystemCapabilities.entry(L) { bridge, _ in bridge.editor() } }),
            ("readFile", { L in SystemCapabilities.entry(L) { bridge, system in try bridge.readFile(system) } }),
            ("listDir", { L in SystemCapabilities.entry(L) { bridge, system in try bridge.listDir(system) } }),
            ("writeFile", { L in SystemCapabilities.entry(L) { bridge, system in try bridge.writeFile(system) } }),
            ("appendFile", { L in SystemCapabilities.entry(L) { bridge, system in try bridge.appendFile(system) } }),
            ("makeDir", { L in SystemCapabilities.entry(L) { bridge, system in try bridge.makeDir(system) } }),
            ("remove", { L in SystemCapabilities.entry(L) { bridge, system in try bridge.remove(system) } }),
            ("rename", { L in SystemCapabilities.entry(L) { bridge, system in try bridge.rename(system) } }),
            ("watch", { L in SystemCapabilities.entry(L) { bridge, system in try bridge.watch(system, tail: false) } }),
            ("tail", { L in SystemCapabilities.entry(L) { bridge, system in try bridge.watch(system, tail: true) } }),
        ]
    }

    package var objectMethods: [(kind: ObjectKind, methods: ObjectMethods)] {
        [
            (.process, .index(LuaBridge.processIndex)), (.watch, .methods([("cancel", LuaBridge.cancelWatch)])),
            (.request, .methods([("cancel", LuaBridge.cancelRequest)])),
        ]
    }

    /// Through the module gate: a module of the app's folder resolves inside it, links
    /// included, and is opened where it was checked. A module path's links may lead
    /// anywhere (see `isInModulePath`); with --allow-io, anywhere.
    package func readModule(at path: String, for bridge: LuaBridge) -> ModuleFile? {
        let gate = bridge.options.allowIO || bridge.isInModulePath(path) ? nil : moduleGate
        do throws(ScriptFile.Failure) {
            return .source(try ScriptFile.read(path, through: gate))
        } catch .unreadable {
            return .missing
        } catch .outside {
            return .outside
        } catch {
            return .failed(error.description)
        }
    }

    /// Runs the body of one of these functions with the bridge that called it and the
    /// capabilities installed in it (see `LuaBridge.entry`).
    static func entry(_ L: OpaquePointer?, _ body: (LuaBridge, SystemCapabilities) throws -> Int32) -> Int32 {
        LuaBridge.entry(L) { bridge, _ in
            guard let system = bridge.capability(SystemCapabilities.self) else { return 0 }
            return try body(bridge, system)
        }
    }
}
