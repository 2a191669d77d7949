import TheoluaCore
import TheoluaLua
import TheoluaRuntime

/// A Lua app on a recording host and a manual clock: what the bridge tests drive.
final class Harness {
    let loop = ManualRunLoop()
    let host = MirrorHost()
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
        try bridge.registerBuiltInWidgets()
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

    /// Calls the `onPress` of the button labelled `label`, as pressing it would.
    func press(_ label: String, arguments: [Value] = []) {
        guard let node = host.nodes.first(where: { $0.kind == "button" && $0.props["text"] == .string(label) }),
            let handler = node.props["onPress"]?.handlerValue
        else {
            errors.append("no button '\(label)'")
            return
        }
        reconciler.dispatch(handler, arguments: arguments)
        loop.runUntilIdle()
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

/// A recording host that also keeps the mounted host nodes, so tests can find them.
final class MirrorHost: HostRenderer {
    let recorder = RecordingHost()
    private(set) var nodes: [HostNode] = []

    func take() -> [String] { recorder.take() }

    /// The text of every mounted text node.
    var texts: [String] {
        nodes.compactMap { node in
            guard node.kind == "text", case .string(let text)? = node.props["text"] else { return nil }
            return text
        }
    }

    func insert(_ node: HostNode, into parent: HostNode?, before sibling: HostNode?) {
        nodes.append(node)
        recorder.insert(node, into: parent, before: sibling)
    }
    func move(_ node: HostNode, in parent: HostNode?, before sibling: HostNode?) {
        recorder.move(node, in: parent, before: sibling)
    }
    func update(_ node: HostNode, from oldProps: Record) { recorder.update(node, from: oldProps) }
    func remove(_ node: HostNode, from parent: HostNode?) {
        nodes.removeAll { $0 === node }
        recorder.remove(node, from: parent)
    }
}
