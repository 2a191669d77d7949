import TheoluaCore
import TheoluaWidgets

/// A shared, ordered log of what components and hosts did, so a test can assert the
/// exact interleaving of renders, lifecycle calls and host operations.
final class Log: @unchecked Sendable {
    // @unchecked: tests drive the reconciler from one thread.
    var lines: [String] = []
    /// The identity of each row by label, recorded as rows render.
    var ids: [String: ComponentID] = [:]

    func add(_ line: String) { lines.append(line) }

    func take() -> [String] {
        defer { lines.removeAll() }
        return lines
    }

    func count(of line: String) -> Int { lines.filter { $0 == line }.count }
}

/// Compares by identity, so a log can ride along in Equatable props.
struct LogRef: Equatable, Sendable {
    let log: Log
    static func == (lhs: LogRef, rhs: LogRef) -> Bool { lhs.log === rhs.log }
}

/// A host that writes its operations into a shared log.
final class LoggingHost: HostRenderer {
    let log: Log
    let recorder = RecordingHost()

    init(log: Log) { self.log = log }

    private func forward(_ body: (RecordingHost) -> Void) {
        body(recorder)
        for line in recorder.take() { log.add(line) }
    }

    func insert(_ node: HostNode, into parent: HostNode?, before sibling: HostNode?) {
        forward { $0.insert(node, into: parent, before: sibling) }
    }
    func move(_ node: HostNode, in parent: HostNode?, before sibling: HostNode?) {
        forward { $0.move(node, in: parent, before: sibling) }
    }
    func update(_ node: HostNode, from oldProps: Record) { forward { $0.update(node, from: oldProps) } }
    func remove(_ node: HostNode, from parent: HostNode?) { forward { $0.remove(node, from: parent) } }
    func commit() { log.add("commit") }
}

/// A reconciler over a recording host and a manual run loop, collecting errors and
/// warnings.
final class Fixture {
    let log = Log()
    let host: LoggingHost
    let loop = ManualRunLoop()
    let reconciler: Reconciler
    var errors: [ComponentError] = []
    var warnings: [String] = []

    init() {
        host = LoggingHost(log: log)
        reconciler = Reconciler(host: host, runLoop: loop)
        reconciler.onError = { [unowned self] in errors.append($0) }
        reconciler.onWarning = { [unowned self] in warnings.append($0.message) }
    }

    var logRef: LogRef { LogRef(log: log) }

    var rowIDs: [String: ComponentID] { log.ids }

    /// Mounts or updates the root and returns the log lines of the pass, commit excluded.
    @discardableResult
    func render(_ element: Element?) -> [String] {
        reconciler.update(root: element)
        return take()
    }

    /// Runs pending turns and returns the log lines, commit excluded.
    @discardableResult
    func settle() -> [String] {
        loop.runUntilIdle()
        return take()
    }

    func take() -> [String] { log.take().filter { $0 != "commit" } }
}

/// A keyed, stateful row: renders its label and a counter, logs each render.
struct Row: Component {
    var label: String
    var log: LogRef

    struct State: Equatable, Sendable { var count = 0 }

    static func initialState(_ props: Row) -> State { State() }

    func render(_ context: ComponentContext<Row>) -> [Element] {
        log.log.add("render \(context.path)")
        log.log.ids[label] = context.id
        return [.text("\(label) \(context.state.count)")]
    }

    func perform(_ action: String, _ arguments: [Value], _ context: ComponentContext<Row>) -> Bool {
        switch action {
        case "bump":
            context.mutateState { $0.count += arguments.first?.intValue ?? 1 }
            return true
        default:
            return false
        }
    }
}

/// A list of keyed rows in a box.
struct List: Component {
    var labels: [String]
    var log: LogRef

    func render(_ context: ComponentContext<List>) -> [Element] {
        log.log.add("render List")
        return [.box(children: labels.map { Row(label: $0, log: log).element(key: .string($0)) })]
    }
}
