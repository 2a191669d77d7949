import CLua
import CLuaSupport
import TheoluaCore
import TheoluaSystem

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `ui.spawn`, `ui.readFile`, `ui.listDir`, `ui.watch` and `ui.tail`: thin glue over
/// TheoluaSystem. Paths go through the bridge's ``FileGate`` and commands through its
/// ``CommandGate``, the one check of each permission; what runs on (a process, a
/// watch) belongs to the component on whose behalf the script runs, like a timer, and
/// its callbacks are ordinary script calls made when the run loop services the
/// reactor.
extension LuaBridge {
    /// The largest file `ui.readFile` reads.
    static let readLimit = 64 << 20

    static let systemFunctions: [(name: String, function: theolua_function)] = [
        ("spawn", { L in LuaBridge.entry(L) { bridge, _ in try bridge.spawn() } }),
        ("readFile", { L in LuaBridge.entry(L) { bridge, _ in try bridge.readFile() } }),
        ("listDir", { L in LuaBridge.entry(L) { bridge, _ in try bridge.listDir() } }),
        ("watch", { L in LuaBridge.entry(L) { bridge, _ in try bridge.watch(tail: false) } }),
        ("tail", { L in LuaBridge.entry(L) { bridge, _ in try bridge.watch(tail: true) } }),
    ]

    // MARK: Processes

    /// `ui.spawn(command, args, options)` → a process handle.
    func spawn() throws -> Int32 {
        guard let command = state.string(at: 1) else {
            throw raise("ui.spawn: expected a command name as a string, got \(found(at: 1))")
        }
        let arguments = try stringArray(at: 2, what: "ui.spawn: arguments")
        guard lua_type(L, 3) <= LUA_TNIL || lua_type(L, 3) == LUA_TTABLE else {
            throw raise("ui.spawn: expected a table of options, got \(found(at: 3))")
        }
        let executable: String
        do {
            executable = try commandGate.executable(for: command)
        } catch {
            throw raise("ui.spawn: \(error)")
        }
        // Like every path a script names, relative to the app's folder, which is also
        // where the process starts by default.
        let cwd = try optionalString(field: "cwd", of: 3, what: "ui.spawn")
        let folder = Paths.absolute(cwd ?? ".", in: Paths.absolute(appFolder, in: "."))
        var environment = Self.processEnvironment
        if lua_type(L, 3) == LUA_TTABLE {
            lua_getfield(L, 3, "env")
            defer { state.pop() }
            if lua_type(L, -1) == LUA_TTABLE {
                lua_pushnil(L)
                while lua_next(L, -2) != 0 {
                    defer { state.pop() }
                    guard lua_type(L, -2) == LUA_TSTRING, let name = state.string(at: -2), !name.contains("="),
                        lua_type(L, -1) == LUA_TSTRING || lua_type(L, -1) == LUA_TNUMBER
                    else {
                        throw raise("ui.spawn: env must map names to strings")
                    }
                    let value = state.describe(-1)
                    guard !name.isEmpty, !name.contains("\0"), !value.contains("\0") else {
                        throw raise("ui.spawn: env names must not be empty, and no name or value may hold a zero byte")
                    }
                    do {
                        try commandGate.checkVariable(name, value, for: command)
                    } catch {
                        throw raise("ui.spawn: \(error)")
                    }
                    environment.removeAll { $0.hasPrefix(name + "=") }
                    environment.append(name + "=" + value)
                }
            } else if lua_type(L, -1) != LUA_TNIL {
                throw raise("ui.spawn: env must be a table, got \(found(at: -1))")
            }
        }
        let stdin = try optionalBytes(field: "stdin", of: 3, what: "ui.spawn")
        if let stdin, stdin.count > Subprocess.inputLimit {
            throw raise(
                "ui.spawn: stdin is \(stdin.count) bytes, more than the \(Subprocess.inputLimit >> 20) MiB a process's input may hold")
        }
        let raw = lua_type(L, 3) == LUA_TTABLE && fieldIsTrue(3, "raw")
        let callbacks = try ["onStdout", "onStderr", "onExit"].map { name in
            try optionalFunction(field: name, of: 3, what: "ui.spawn")
        }
        let process: Subprocess
        do {
            process = try Subprocess(
                executable: executable, name: command, arguments: arguments, environment: environment, folder: folder,
                jobs: jobs)
        } catch {
            throw raise("ui.spawn: \(error)")
        }
        let handle = ScriptProcess(process: process, name: command, reactor: io)
        let owner = currentOwner
        var splitters = [LineSplitter(), LineSplitter()]
        process.onOutput = { [link, weak handle] stream, bytes in
            guard let bridge = link.bridge, let handle, !handle.cancelled else { return }
            let index = stream == .stdout ? 0 : 1
            guard let function = callbacks[index] else { return }
            if raw {
                bridge.deliver(function, owner: owner) { bridge.state.push(bytes: bytes) }
            } else {
                for line in splitters[index].feed(bytes) {
                    bridge.deliver(function, owner: owner) { bridge.state.push(bytes: line[...]) }
                }
            }
        }
        process.onExit = { [link, weak handle] termination in
            guard let bridge = link.bridge, let handle, !handle.cancelled else { return }
            for index in 0..<2 where !raw {
                if let last = splitters[index].finish(), let function = callbacks[index] {
                    bridge.deliver(function, owner: owner) { bridge.state.push(bytes: last[...]) }
                }
            }
            guard let onExit = callbacks[2] else { return }
            bridge.deliver(onExit, owner: owner, arguments: 2) {
                if let code = termination.code {
                    lua_pushinteger(bridge.L, lua_Integer(code))
                } else {
                    lua_pushnil(bridge.L)
                }
                if let signal = termination.signal {
                    lua_pushinteger(bridge.L, lua_Integer(signal))
                } else {
                    lua_pushnil(bridge.L)
                }
            }
        }
        if let stdin {
            process.write(stdin)
            process.closeInput()
        }
        io.add(process)
        processes.removeAll { $0.process.isFinished }
        processes.append(handle)
        adopt(handle, owner: owner)
        pushObject(handle, kind: .process)
        return 1
    }

    /// `process:write(text)`, `process:close()`, `process:kill()` and `process.pid`.
    static let processIndex: theolua_function = { L in
        LuaBridge.entry(L) { bridge, L in
            guard let handle = bridge.object(at: 1, kind: .process, as: ScriptProcess.self) else { return 0 }
            switch bridge.state.string(at: 2) {
            case "pid": lua_pushinteger(L, lua_Integer(handle.process.pid))
            case "running": lua_pushboolean(L, handle.process.isRunning ? 1 : 0)
            case "write": theolua_pushfunction(L, LuaBridge.processWrite, 0)
            case "close": theolua_pushfunction(L, LuaBridge.processClose, 0)
            case "kill": theolua_pushfunction(L, LuaBridge.processKill, 0)
            default: lua_pushnil(L)
            }
            return 1
        }
    }

    static let processWrite: theolua_function = { L in
        LuaBridge.entry(L) { bridge, L in
            guard let handle = bridge.object(at: 1, kind: .process, as: ScriptProcess.self) else {
                throw bridge.raise("process:write: call it with a colon, on a process")
            }
            guard lua_type(L, 2) == LUA_TSTRING || lua_type(L, 2) == LUA_TNUMBER else {
                throw bridge.raise("process:write: expected a string, got \(bridge.found(at: 2))")
            }
            guard handle.process.acceptsInput else {
                throw bridge.raise("process:write: the input of \"\(handle.name)\" is closed")
            }
            var length = 0
            if let bytes = lua_tolstring(L, 2, &length),
                !handle.process.write(Array(UnsafeRawBufferPointer(start: bytes, count: length)))
            {
                throw bridge.raise(
                    "process:write: \"\(handle.name)\" has not read the \(handle.process.pendingInputCount) bytes written before;"
                        + " at most \(Subprocess.inputLimit >> 20) MiB may wait for it (write more once it has read them)")
            }
            return 0
        }
    }

    static let processClose: theolua_function = { L in
        LuaBridge.entry(L) { bridge, _ in
            bridge.object(at: 1, kind: .process, as: ScriptProcess.self)?.process.closeInput()
            return 0
        }
    }

    static let processKill: theolua_function = { L in
        LuaBridge.entry(L) { bridge, L in
            guard let handle = bridge.object(at: 1, kind: .process, as: ScriptProcess.self) else { return 0 }
            let signal: Int32
            switch bridge.state.string(at: 2) ?? "term" {
            case "term", "TERM", "SIGTERM": signal = SIGTERM
            case "kill", "KILL", "SIGKILL": signal = SIGKILL
            case "int", "INT", "SIGINT": signal = SIGINT
            case "hup", "HUP", "SIGHUP": signal = SIGHUP
            default:
                throw bridge.raise(
                    "process:kill: expected \"term\", \"kill\", \"int\" or \"hup\", got \(bridge.found(at: 2))")
            }
            handle.process.signal(signal)
            return 0
        }
    }

    /// Ends every process the app started (SIGTERM, then SIGKILL after `grace`), and
    /// stops every watch: the app is ending.
    public func endSystemWork(grace: Duration = .milliseconds(500)) {
        for handle in processes { handle.cancelled = true }
        jobs.end(processes.map(\.process), grace: grace)
        processes = []
        for work in topLevelWork { work.cancel() }
        topLevelWork = []
    }

    /// How many processes the app started are still running or have output to deliver.
    public var runningProcessCount: Int {
        processes.removeAll { $0.process.isFinished }
        return processes.count
    }

    // MARK: Files

    /// `ui.readFile(path)` → the file's bytes as a string.
    func readFile() throws -> Int32 {
        let path = try pathArgument(at: 1, what: "ui.readFile")
        do {
            let bytes = try fileGate.read(path, limit: Self.readLimit)
            state.push(bytes: bytes[...])
        } catch {
            throw raise(Self.message("ui.readFile", path, error))
        }
        return 1
    }

    /// `ui.listDir(path)` → `{ { name, kind, size, modified }, ... }` by name.
    func listDir() throws -> Int32 {
        let path = try pathArgument(at: 1, what: "ui.listDir")
        let entries: [Files.Entry]
        do {
            entries = try fileGate.list(path)
        } catch {
            throw raise(Self.message("ui.listDir", path, error))
        }
        lua_createtable(L, Int32(clamping: entries.count), 0)
        for (position, entry) in entries.enumerated() {
            lua_createtable(L, 0, 4)
            state.push(entry.name)
            state.setRawField(-2, "name")
            state.push(entry.kind.rawValue)
            state.setRawField(-2, "kind")
            lua_pushinteger(L, lua_Integer(entry.size))
            state.setRawField(-2, "size")
            lua_pushnumber(L, entry.modified)
            state.setRawField(-2, "modified")
            lua_rawseti(L, -2, lua_Integer(position + 1))
        }
        return 1
    }

    /// `ui.watch(path, fn)` and `ui.tail(path, fn, options)` → a handle with `:cancel()`.
    func watch(tail: Bool) throws -> Int32 {
        let name = tail ? "ui.tail" : "ui.watch"
        let path = try pathArgument(at: 1, what: name)
        let resolved: String
        do throws(FileGate.Failure) {
            resolved = try fileGate.resolve(path)
            if tail {
                // What is there now must be a file to follow (not a device, a FIFO or a
                // folder); a missing file is waited for.
                do {
                    close(try fileGate.openFile(path))
                } catch .notAFile(let kind) {
                    throw FileGate.Failure.notAFile(kind: kind)
                } catch {}
            }
        } catch {
            throw raise(Self.message(name, path, error))
        }
        guard lua_type(L, 2) == LUA_TFUNCTION else {
            throw raise("\(name): expected a function, got \(found(at: 2))")
        }
        lua_pushvalue(L, 2)
        let function = LuaFunction(ref: LuaRef(popping: L, releases: releases), bridge: self, location: name)
        let owner = currentOwner
        let handle: ScriptWatch
        if tail {
            let fromStart = lua_type(L, 3) == LUA_TTABLE && fieldIsTrue(3, "fromStart")
            let follower = FileTail(path: resolved, fromStart: fromStart, gate: fileGate)
            handle = ScriptWatch(stop: follower.stop)
            follower.onLines = { [link, weak handle] lines in
                guard let bridge = link.bridge, let handle, handle.isActive else { return }
                bridge.deliver(function, owner: owner) {
                    lua_createtable(bridge.L, Int32(clamping: lines.count), 0)
                    for (position, line) in lines.enumerated() {
                        bridge.state.push(bytes: line[...])
                        lua_rawseti(bridge.L, -2, lua_Integer(position + 1))
                    }
                }
            }
            io.add(follower)
            if fromStart { follower.readNow() }
        } else {
            let watcher = PathWatch(path: resolved, gate: fileGate)
            handle = ScriptWatch(stop: watcher.stop)
            watcher.onChange = { [link, weak handle] in
                guard let bridge = link.bridge, let handle, handle.isActive else { return }
                bridge.deliver(function, owner: owner, arguments: 0) {}
            }
            io.add(watcher)
        }
        adopt(handle, owner: owner)
        pushObject(handle, kind: .watch)
        return 1
    }

    /// `watch:cancel()`.
    static let cancelWatch: theolua_function = { L in
        LuaBridge.entry(L) { bridge, _ in
            bridge.object(at: 1, kind: .watch, as: ScriptWatch.self)?.cancel()
            return 0
        }
    }

    // MARK: Gates

    /// The gates scripts' paths, modules and commands go through, made for the app's
    /// folder (where relative paths start) when first needed after it changes.
    struct Gates {
        var folder: String
        /// Files, folders, watches and tails: the read permission.
        var files: FileGate
        /// `require`: the app's folder and the module paths.
        var modules: FileGate
        /// `ui.spawn`: the run permission.
        var commands: CommandGate
    }

    private var currentGates: Gates {
        if let gates, gates.folder == appFolder { return gates }
        let made = Gates(
            folder: appFolder,
            files: FileGate(options.permissions.read, relativeTo: appFolder),
            modules: FileGate(.only([appFolder] + options.modulePaths), relativeTo: "."),
            commands: CommandGate(
                options.permissions.run, searchPath: getenv("PATH").map { String(cString: $0) }, folder: appFolder))
        gates = made
        return made
    }

    var fileGate: FileGate { currentGates.files }
    var moduleGate: FileGate { currentGates.modules }
    var commandGate: CommandGate { currentGates.commands }

    // MARK: Helpers

    /// The absolute, resolved path of `path` (relative to the app's folder), if the
    /// read permission allows it: the check `ui.readFile` makes, for host functions.
    /// A host function that opens the file should use ``openReadable(_:)``, which
    /// opens what it checks.
    public func readablePath(_ path: String) throws(PermissionDenied) -> String {
        do {
            return try fileGate.resolve(path)
        } catch .denied(let denial) {
            throw denial
        } catch {
            return Paths.resolved(Paths.absolute(path, in: appFolder))
        }
    }

    /// A descriptor open for reading on the regular file at `path` (relative to the
    /// app's folder), opened through the read permission as `ui.readFile` opens it;
    /// the caller closes it.
    public func openReadable(_ path: String) throws(FileGate.Failure) -> Int32 {
        try fileGate.openFile(path)
    }

    /// The executable `command` names, if the run permission allows it: the check
    /// `ui.spawn` makes, for host functions.
    public func runnableCommand(_ command: String) throws(PermissionDenied) -> String {
        try commandGate.executable(for: command)
    }

    /// The path argument at `index`: a string without zero bytes.
    private func pathArgument(at index: Int32, what: String) throws -> String {
        guard let path = state.string(at: index), !path.isEmpty, !path.contains("\0") else {
            throw raise("\(what): expected a path as a string, got \(found(at: index))")
        }
        return path
    }

    /// The message for a refused path: a denial names the flag; anything else the path.
    private static func message(_ what: String, _ path: String, _ failure: FileGate.Failure) -> String {
        if case .denied = failure { return "\(what): \(failure)" }
        return "\(what): \(Paths.abbreviated(path)): \(failure)"
    }

    /// Gives `work` to `owner`, or to the top level of the current load.
    private func adopt(_ work: any OwnedWork, owner: ComponentRef<ScriptComponent>?) {
        if let owner {
            owner.own(work)
        } else {
            adoptTopLevel(work)
        }
    }

    /// Calls `function` with the values `push` pushes (`arguments` of them), on behalf
    /// of `owner`; an error is reported like a timer's.
    func deliver(
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

    /// The strings of the array at `index` (none when nil).
    private func stringArray(at index: Int32, what: String) throws -> [String] {
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

    private func optionalString(field: String, of index: Int32, what: String) throws -> String? {
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
    private func optionalBytes(field: String, of index: Int32, what: String) throws -> [UInt8]? {
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

    private func optionalFunction(field: String, of index: Int32, what: String) throws -> LuaFunction? {
        guard lua_type(L, index) == LUA_TTABLE else { return nil }
        lua_getfield(L, index, field)
        switch lua_type(L, -1) {
        case LUA_TNIL:
            state.pop()
            return nil
        case LUA_TFUNCTION:
            return LuaFunction(ref: LuaRef(popping: L, releases: releases), bridge: self, location: "\(what) \(field)")
        default:
            defer { state.pop() }
            throw raise("\(what): \(field) must be a function, got \(found(at: -1))")
        }
    }

    private func fieldIsTrue(_ index: Int32, _ field: String) -> Bool {
        lua_getfield(L, index, field)
        defer { state.pop() }
        return lua_toboolean(L, -1) != 0
    }

    /// The process's environment, as spawned processes inherit it.
    static let processEnvironment: [String] = {
        var entries: [String] = []
        var cursor = environ
        while let entry = cursor.pointee {
            entries.append(String(cString: entry))
            cursor += 1
        }
        return entries
    }()

}

/// A process started by a script: the handle `ui.spawn` returns.
final class ScriptProcess: OwnedWork {
    let process: Subprocess
    let name: String
    /// Whether the script let go of it: its callbacks are no longer called.
    var cancelled = false
    private weak var reactor: IOReactor?

    init(process: Subprocess, name: String, reactor: IOReactor) {
        self.process = process
        self.name = name
        self.reactor = reactor
    }

    var isActive: Bool { !cancelled && !process.isFinished }

    /// Ends the process and what it started (SIGTERM, SIGKILL two seconds later),
    /// without calling back; the reactor keeps it until the job is gone, even when the
    /// process itself had exited.
    func cancel() {
        guard !cancelled else { return }
        cancelled = true
        process.end(grace: .seconds(2))
        reactor?.add(process)
    }
}

/// A watch or tail started by a script: the handle `ui.watch` and `ui.tail` return.
final class ScriptWatch: OwnedWork {
    private let stop: () -> Void
    private(set) var isActive = true

    init(stop: @escaping () -> Void) {
        self.stop = stop
    }

    deinit { stop() }

    func cancel() {
        guard isActive else { return }
        isActive = false
        stop()
    }
}
