import Testing
import TheoluaCanvas
import TheoluaCore
import TheoluaRuntime
import TheoluaTerminal

/// A canvas host under a reconciler and a manual run loop: mount an element, press keys
/// by name, read the screen as lines.
final class HostHarness {
    let host: CanvasHost
    let loop = ManualRunLoop()
    let reconciler: Reconciler
    var errors: [String] = []

    init(width: Int = 20, height: Int = 5, defersRows: Bool = true, _ element: Element? = nil) {
        host = CanvasHost(width: width, height: height)
        host.defersComponentRows = defersRows
        reconciler = Reconciler(host: host, runLoop: loop)
        host.connect(to: reconciler)
        reconciler.onError = { [unowned self] in errors.append("\($0)") }
        if let element { mount(element) }
    }

    /// Mounts `element` as the root (or its next generation) and runs pending turns.
    func mount(_ element: Element?) {
        reconciler.update(root: element)
        loop.runUntilIdle()
    }

    /// Presses keys given by name (`"tab"`, `"ctrl+a"`, `"x"`), running pending turns after
    /// each, as the runtime does; returns whether each key was used.
    @discardableResult
    func press(_ names: String...) -> [Bool] {
        names.map { name in
            let used = (try? KeyEvent.parse(name)).map { host.handleKey($0) } ?? false
            loop.runUntilIdle()
            return used
        }
    }

    /// Types each character of `text` as a key press.
    func type(_ text: String) {
        for character in text {
            host.handleKey(.character(character))
            loop.runUntilIdle()
        }
    }

    /// Pastes `text`; returns whether it was used.
    @discardableResult
    func paste(_ text: String) -> Bool {
        defer { loop.runUntilIdle() }
        return host.handlePaste(text) == .used
    }

    /// The screen after the next render.
    var lines: [String] { host.render().lines }

    /// The key of the focused host node, as text.
    var focusedKey: String? { host.focusedKey?.text }
}

/// Compares the rendered screen with the expected lines, showing both on a mismatch.
func expectScreen(
    _ harness: HostHarness, _ expected: [String], sourceLocation: SourceLocation = #_sourceLocation
) {
    let actual = harness.lines
    if actual == expected { return }
    var report = "screen differs (expected | actual):\n"
    for row in 0..<max(actual.count, expected.count) {
        let want = row < expected.count ? expected[row] : "<missing>"
        let got = row < actual.count ? actual[row] : "<missing>"
        report += "\(want == got ? " " : "≠") |\(want)| |\(got)|\n"
    }
    Issue.record(Comment(rawValue: report), sourceLocation: sourceLocation)
}

/// A shared log of handler calls.
final class CallLog: @unchecked Sendable {
    // @unchecked: tests drive the host from one thread.
    private(set) var calls: [String] = []

    func add(_ call: String) { calls.append(call) }

    func take() -> [String] {
        defer { calls.removeAll() }
        return calls
    }

    /// A handler logging `name` with its arguments and returning `result`.
    func handler(_ name: String, returning result: Value = .null) -> Handler {
        Handler(function: LoggingFunction(name: name, log: self, result: result))
    }
}

/// A handler function that logs its calls and returns a fixed value.
final class LoggingFunction: HandlerFunction {
    let name: String
    let log: CallLog
    let result: Value

    init(name: String, log: CallLog, result: Value) {
        self.name = name
        self.log = log
        self.result = result
    }

    var handlerDescription: String { "test function \(name)" }

    func call(_ arguments: [Value]) throws -> Value {
        let shown = arguments.map { value -> String in
            if let key = value["name"]?.stringValue { return key }
            if let kind = value["kind"]?.stringValue, let button = value["button"]?.stringValue,
                let x = value["x"]?.intValue, let y = value["y"]?.intValue
            {
                return "\(kind):\(button)@\(x),\(y)"
            }
            return value.description
        }
        log.add(([name] + shown).joined(separator: " "))
        return result
    }
}

/// Compares by identity, so a log can ride along in component props.
struct LogRef: Equatable, Sendable {
    let log: CallLog
    static func == (lhs: LogRef, rhs: LogRef) -> Bool { lhs.log === rhs.log }
}

/// A component owning a controlled input: `onChange` stores the value in state (unless
/// `accept` is false, or `transform` changes it), `onSubmit` logs it.
struct Field: Component {
    var log: LogRef
    var initial = ""
    var props: Record = ["width": 10]
    var accept = true
    var uppercase = false

    struct State: Equatable, Sendable { var value: String }

    static func initialState(_ props: Field) -> State { State(value: props.initial) }

    func render(_ context: ComponentContext<Field>) -> [Element] {
        var record = props.setting("value", to: .string(context.state.value))
        record = record.setting("onChange", to: .handler(context.handler("change")))
        record = record.setting("onSubmit", to: .handler(context.handler("submit")))
        return [.input(record, key: "field")]
    }

    func perform(_ action: String, _ arguments: [Value], _ context: ComponentContext<Field>) -> Bool {
        let text = arguments.first?.stringValue ?? ""
        log.log.add("\(action) \(text)")
        if action == "change", accept {
            context.mutateState { $0.value = uppercase ? text.uppercased() : text }
        }
        return true
    }
}

extension HostHarness {
    /// Sends the mouse items of an input script (`"click:3,1 wheel:down@0,2"`), laying
    /// out first as the runtime does and running pending turns after each event;
    /// returns whether each event was used.
    @discardableResult
    func mouse(_ script: String) -> [Bool] {
        let events = (try? InputEvent.parse(script: script)) ?? []
        #expect(!events.isEmpty, "no events in '\(script)'")
        return events.map { event in
            guard case .mouse(let mouse) = event else { return false }
            host.canvas.layout()
            defer { loop.runUntilIdle() }
            return host.handleMouse(mouse)
        }
    }
}
