import TheoluaCore
import TheoluaLua

/// A Lua app on a recording host and a manual clock: what the bridge tests drive.
final class Harness {
    let loop = ManualRunLoop()
    let host = RecordingHost()
    let reconciler: Reconciler
    let bridge: LuaBridge
    var errors: [String] = []
    var warnings: [String] = []
    var logs: [String] = []
    var emitted: [(String, Value)] = []
    var quit = false

    init(options: LuaBridge.Options = LuaBridge.Options()) throws {
        reconciler = Reconciler(host: host, runLoop: loop)
        bridge = try LuaBridge(options: options, runLoop: loop)
        bridge.reconciler = reconciler
        reconciler.onError = { [unowned self] error in
            if let script = error.underlying as? ScriptError {
                errors.append(script.inComponentName(error.component))
            } else {
                errors.append("\(error.component): \(error.underlying)")
            }
        }
        reconciler.onWarning = { [unowned self] in warnings.append($0.message) }
        bridge.onError = { [unowned self] in errors.append($0.description) }
        bridge.onLog = { [unowned self] in logs.append($0) }
        bridge.onEmit = { [unowned self] in emitted.append(($0, $1)) }
        bridge.onQuit = { [unowned self] in quit = true }
    }

    /// Loads `source` as `app.lua` and mounts what it returns.
    @discardableResult
    func run(_ source: String, props: Record = Record()) throws -> [String] {
        let root = try bridge.loadApp(source: source, name: "app.lua")
        reconciler.update(root: try bridge.rootElement(root, props: props))
        loop.runUntilIdle()
        return host.take()
    }

    /// Reloads with new source, forcing a render that keeps state.
    @discardableResult
    func reload(_ source: String) throws -> [String] {
        let root = try bridge.loadApp(source: source, name: "app.lua")
        reconciler.update(root: try bridge.rootElement(root, props: Record()), forceRender: true)
        loop.runUntilIdle()
        return host.take()
    }

    /// The error `source` raises when loaded and mounted, as text.
    func failure(_ source: String) -> String? {
        do {
            try run(source)
        } catch {
            return "\(error)"
        }
        return errors.first
    }

    func settle() -> [String] {
        loop.runUntilIdle()
        return host.take()
    }
}

extension ScriptError {
    func inComponentName(_ name: String) -> String {
        var copy = self
        if copy.component == nil { copy.component = name }
        return copy.description
    }
}
