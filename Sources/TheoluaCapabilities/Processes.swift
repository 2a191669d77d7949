import CLua
import CLuaSupport
import TheoluaCore
import TheoluaLua
import TheoluaSystem

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `ui.spawn` and the handles it returns: thin glue over TheoluaSystem's
/// ``Subprocess``. The command goes through the ``CommandGate`` (the run permission); the
/// process belongs to the component on whose behalf the script runs, and its output and
/// exit are delivered to the script's callbacks as the host services the reactor.
extension LuaBridge {
    /// `ui.spawn(command, args, options)` → a process handle.
    func spawn(_ system: SystemCapabilities) throws -> Int32 {
        let (command, executable, arguments, environment, folder) = try program(system, what: "ui.spawn")
        let stdin = try optionalBytes(field: "stdin", of: 3, what: "ui.spawn")
        if let stdin, stdin.count > Subprocess.inputLimit {
            throw raise(
                "ui.spawn: stdin is \(stdin.count) bytes, more than the \(Subprocess.inputLimit >> 20) MiB a process's input may hold"
            )
        }
        let raw = lua_type(L, 3) == LUA_TTABLE && fieldIsTrue(3, "raw")
        let callbacks = try ["onStdout", "onStderr", "onExit"].map { name in
            try optionalFunction(field: name, of: 3, what: "ui.spawn")
        }
        let process: Subprocess
        do {
            process = try Subprocess(
                executable: executable, name: command, arguments: arguments, environment: environment, folder: folder,
                jobs: system.jobs)
        } catch {
            throw raise("ui.spawn: \(error)")
        }
        let handle = ScriptProcess(process: process, name: command, reactor: system.io)
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
            bridge.deliver(onExit, owner: owner, arguments: 2) { bridge.push(termination) }
        }
        if let stdin {
            process.write(stdin)
            process.closeInput()
        }
        system.io.add(process)
        system.processes.removeAll { $0.process.isFinished }
        system.processes.append(handle)
        adopt(handle, owner: owner)
        pushObject(handle, kind: .process)
        return 1
    }

    /// Pushes how a process ended as `onExit`'s two arguments: the exit code (nil when
    /// a signal ended it) and the signal (nil when it exited).
    func push(_ termination: Subprocess.Termination) {
        if let code = termination.code {
            lua_pushinteger(L, lua_Integer(code))
        } else {
            lua_pushnil(L)
        }
        if let signal = termination.signal {
            lua_pushinteger(L, lua_Integer(signal))
        } else {
            lua_pushnil(L)
        }
    }

    /// The program the arguments of `ui.spawn` or `ui.exec` name: the command through
    /// the run permission, its arguments, and the options' `cwd` and `env`.
    func program(_ system: SystemCapabilities, what: String) throws -> (
        command: String, executable: String, arguments: [String], environment: [String], folder: String
    ) {
        guard let command = state.string(at: 1) else {
            throw raise("\(what): expected a command name as a string, got \(found(at: 1))")
        }
        let arguments = try stringArray(at: 2, what: "\(what): arguments")
        guard lua_type(L, 3) <= LUA_TNIL || lua_type(L, 3) == LUA_TTABLE else {
            throw raise("\(what): expected a table of options, got \(found(at: 3))")
        }
        let executable: String
        do {
            executable = try system.commandGate.executable(for: command)
        } catch {
            throw raise("\(what): \(error)")
        }
        // Like every path a script names, relative to the working folder (the app's
        // unless the host gave one), which is also where the process starts by default.
        let cwd = try optionalString(field: "cwd", of: 3, what: what)
        let folder = Paths.absolute(cwd ?? ".", in: Paths.absolute(system.pathFolder, in: "."))
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
                        throw raise("\(what): env must map names to strings")
                    }
                    let value = state.describe(-1)
                    guard !name.isEmpty, !name.contains("\0"), !value.contains("\0") else {
                        throw raise("\(what): env names must not be empty, and no name or value may hold a zero byte")
                    }
                    do {
                        try system.commandGate.checkVariable(name, value, for: command)
                    } catch {
                        throw raise("\(what): \(error)")
                    }
                    environment.removeAll { $0.hasPrefix(name + "=") }
                    environment.append(name + "=" + value)
                }
            } else if lua_type(L, -1) != LUA_TNIL {
                throw raise("\(what): env must be a table, got \(found(at: -1))")
            }
        }
        return (command, executable, arguments, environment, folder)
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
                        + " at most \(Subprocess.inputLimit >> 20) MiB may wait for it (write more once it has read them)"
                )
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
