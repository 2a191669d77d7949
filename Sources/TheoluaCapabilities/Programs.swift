import CLua
import TheoluaCore
import TheoluaLua
import TheoluaSystem

/// `ui.exec(command, args, { onExit })`: a program given the terminal (an editor, a
/// pager). The command goes through the run permission's gate as `ui.spawn`'s does; the
/// request waits for the host, which lends the terminal between turns
/// (`TerminalApp` runs it through ``ForegroundProgram``) and reports how it ended with
/// ``ProgramRequest/finish(_:)``. Headless, nothing runs it: `theolua test` shows the
/// requests to the test (`app:programs()`), `render` says it did not run them.
extension LuaBridge {
    func exec(_ system: SystemCapabilities) throws -> Int32 {
        let (command, executable, arguments, environment, folder) = try program(system, what: "ui.exec")
        let onExit = try optionalFunction(field: "onExit", of: 3, what: "ui.exec")
        let launch = ForegroundProgram.Launch(
            executable: executable, name: Paths.name(of: command), arguments: arguments, environment: environment,
            folder: folder)
        let request = ProgramRequest(
            command: command, launch: launch, onExit: onExit, owner: currentOwner, link: link)
        system.programs.removeAll { !$0.isActive }
        system.programs.append(request)
        adopt(request, owner: currentOwner)
        return 0
    }

    /// `ui.editor()` → the user's editor as a command and its arguments, from `VISUAL`
    /// or `EDITOR` (split at spaces), `vi` when neither is set: for `ui.exec`.
    func editor() -> Int32 {
        let words = Self.editorCommand
        state.push(words.first ?? "vi")
        lua_createtable(L, Int32(max(words.count - 1, 0)), 0)
        for (index, word) in words.dropFirst().enumerated() {
            state.push(word)
            lua_rawseti(L, -2, lua_Integer(index + 1))
        }
        return 2
    }

    /// The words of `VISUAL` or `EDITOR`, read once.
    static let editorCommand: [String] = {
        for name in ["VISUAL", "EDITOR"] {
            let prefix = name + "="
            guard let entry = processEnvironment.first(where: { $0.hasPrefix(prefix) }) else { continue }
            let words = entry.dropFirst(prefix.count).split(separator: " ").map(String.init)
            if !words.isEmpty { return words }
        }
        return ["vi"]
    }()
}

/// A program a script asked for with `ui.exec`, waiting for the host to give it the
/// terminal. It belongs to the component that asked: an unmount (or a reload) before
/// it runs drops it, and its `onExit` is not called.
public final class ProgramRequest: OwnedWork {
    /// The command as the script named it.
    public let command: String
    /// What to start: the file the run permission resolved, the arguments, the
    /// environment and the folder.
    public let launch: ForegroundProgram.Launch
    private let onExit: LuaFunction?
    private let owner: ComponentRef<ScriptComponent>?
    private let link: BridgeLink
    private var cancelled = false
    private var finished = false

    init(
        command: String, launch: ForegroundProgram.Launch, onExit: LuaFunction?,
        owner: ComponentRef<ScriptComponent>?, link: BridgeLink
    ) {
        self.command = command
        self.launch = launch
        self.onExit = onExit
        self.owner = owner
        self.link = link
    }

    /// The arguments, as the script gave them.
    public var arguments: [String] { launch.arguments }

    public var isActive: Bool { !cancelled && !finished }

    public func cancel() {
        cancelled = true
    }

    /// Reports how the program ended: the script's `onExit(code, signal)` runs (once).
    public func finish(_ termination: Subprocess.Termination) {
        guard isActive else { return }
        finished = true
        guard let onExit, let bridge = link.bridge else { return }
        bridge.deliver(onExit, owner: owner, arguments: 2) { bridge.push(termination) }
    }
}
