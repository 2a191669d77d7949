// A Swift-only program: a full-screen stopwatch built from Swift components, no Lua.
//
// Typed, immutable props and state; batched updates; a controller owning a timer that
// runs only while the stopwatch does; keyed lap rows; `quit` sent up the responder chain.
//
//   swift run theolua-swift-example                          full-screen
//   swift run theolua-swift-example --headless space 2.5 l   render once and print
//
// In headless mode each argument is a key name, or a number of seconds to advance the
// virtual clock by.
import TheoluaRuntime

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Tenths of a second as `m:ss.t`.
func clock(_ tenths: Int) -> String {
    let seconds = tenths / 10
    let padded = seconds % 60 < 10 ? "0\(seconds % 60)" : "\(seconds % 60)"
    return "\(seconds / 60):\(padded).\(tenths % 10)"
}

/// One lap: its number, its time, and whether it is the fastest so far.
struct LapRow: Component {
    var number: Int
    var tenths: Int
    var fastest: Bool

    func render(_ context: ComponentContext<LapRow>) -> [Element] {
        [.row(children: [
            .text("Lap \(number)", ["width": 8]),
            fastest ? .text(clock(tenths) + " fastest", style: ["color": "green", "bold": true]) : .text(clock(tenths)),
        ])]
    }
}

/// The stopwatch: `space` starts and stops, `l` takes a lap, `r` resets, `q` quits.
struct Stopwatch: Component {
    var title: String

    struct State: Equatable, Sendable {
        var running = false
        var tenths = 0
        /// Each lap's own duration, oldest first.
        var laps: [Int] = []
    }

    static func initialState(_ props: Stopwatch) -> State { State() }

    func render(_ context: ComponentContext<Stopwatch>) -> [Element] {
        let state = context.state
        let fastest = state.laps.min()
        let laps = state.laps.enumerated().reversed().map { index, tenths in
            LapRow(number: index + 1, tenths: tenths, fastest: state.laps.count > 1 && tenths == fastest)
                .element(key: .int(index + 1))
        }
        return [
            .column(["border": "round", "title": .string(title), "padding": 1, "onKey": .handler(context.handler("key"))], children: [
                .text(clock(state.tenths), style: ["bold": true, "color": state.running ? "cyan" : "white"]),
                .text(state.running ? "running" : state.tenths == 0 ? "ready" : "stopped", style: ["dim": true]),
                .column(["margin": [1, 0, 0, 0]], children: laps.isEmpty ? [.text("no laps yet", style: ["dim": true])] : laps),
                .spacer(),
                .text("space start/stop · l lap · r reset · q quit", style: ["dim": true]),
            ])
        ]
    }

    /// The `key` action: its result tells whether the key was consumed. Other keys (tab,
    /// say) go on to focus movement, with the action still handled.
    func performReturningValue(_ action: String, _ arguments: [Value], _ context: ComponentContext<Stopwatch>)
        -> Value?
    {
        guard action == "key" else { return nil }
        guard let key = arguments.first?["name"]?.stringValue else { return false }
        switch key {
        case "space":
            context.mutateState { $0.running.toggle() }
        case "l":
            context.mutateState { state in
                guard state.running else { return }
                state.laps.append(state.tenths - state.laps.reduce(0, +))
            }
        case "r":
            context.updateState(State())
        case "q":
            _ = context.send("quit")  // the runtime handles `quit` above the root
        default:
            return false
        }
        return true
    }

    static func makeController(_ context: ComponentContext<Stopwatch>) -> (any ComponentController)? {
        StopwatchController(context)
    }
}

/// Ticks every tenth of a second while the stopwatch runs, and not otherwise.
final class StopwatchController: ComponentController {
    private let context: ComponentContext<Stopwatch>
    private var ticker: TimerHandle?

    init(_ context: ComponentContext<Stopwatch>) {
        self.context = context
    }

    func didUpdateComponent() {
        if context.state.running, ticker == nil {
            ticker = context.every(.milliseconds(100)) { [context] in
                context.mutateState { $0.tenths += 1 }
            }
        } else if !context.state.running, let ticker {
            ticker.cancel()
            self.ticker = nil
        }
    }
}

let root = Stopwatch(title: "stopwatch").element()
let arguments = Array(CommandLine.arguments.dropFirst())
if arguments.first == "--headless" {
    let runtime = try Runtime(width: 48, height: 12)
    runtime.mount(root)
    for argument in arguments.dropFirst() {
        if let seconds = Double(argument) {
            runtime.advance(by: seconds)
        } else {
            try runtime.send(keys: argument)
        }
    }
    print(runtime.text)
    for line in runtime.takeErrors() { print(line) }
    if runtime.quitRequested { print("quit requested") }
} else {
    let status = try TerminalApp(root: root).run(on: TTYTerminal.standardStreams())
    exit(status)
}
