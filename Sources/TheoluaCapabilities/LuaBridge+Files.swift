import TheoluaCore
import TheoluaLua
import TheoluaSystem

/// Apps and scripts run from their files: read here, through TheoluaSystem's gates, and
/// run by the bridge, which touches no file itself. The modules they require are read
/// through the capabilities installed in the bridge (``SystemCapabilities``).
extension LuaBridge {
    /// Loads and runs the app at `path` (opened through `gate` when given): the file and
    /// every module it requires are recorded in ``loadedFiles``. Running it again later
    /// is a reload: components are defined anew, and the core keeps the state of those
    /// whose name and place are unchanged.
    public func loadApp(file path: String, through gate: FileGate? = nil) throws(ScriptError) -> AppRoot {
        try loadApp(source: Self.readScript(path, through: gate), file: path)
    }

    /// Runs the script at `path` for its effects (a test file, say) instead of as an
    /// app: the same sandbox, `require` relative to its folder, modules loaded afresh;
    /// what it returns is ignored.
    public func runScript(file path: String) throws(ScriptError) {
        try runScript(source: Self.readScript(path, through: nil), file: path)
    }

    /// The bytes of the script at `path`.
    private static func readScript(_ path: String, through gate: FileGate?) throws(ScriptError) -> [UInt8] {
        do {
            return try ScriptFile.read(path, through: gate)
        } catch {
            throw ScriptError(.runtime, message: error.description)
        }
    }
}
