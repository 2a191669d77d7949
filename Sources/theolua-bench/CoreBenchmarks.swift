import TheoluaCore

/// Collects each row's identity as it first renders, so a benchmark can update one row.
final class RowRegistry: @unchecked Sendable {
    // @unchecked: the benchmark runs on one thread.
    var ids: [ComponentID] = []
}

struct RegistryRef: Equatable, Sendable {
    let registry: RowRegistry
    static func == (lhs: RegistryRef, rhs: RegistryRef) -> Bool { lhs.registry === rhs.registry }
}

/// A stateful row: a label, a selection mark, a theme from the root, and a counter.
struct BenchRow: Component {
    var index: Int
    var selected: Bool
    var theme: Int
    var registry: RegistryRef

    struct State: Equatable, Sendable { var count = 0 }
    static func initialState(_ props: BenchRow) -> State { State() }

    func render(_ context: ComponentContext<BenchRow>) -> [Element] {
        if context.state.count == 0 && registry.registry.ids.count == index { registry.registry.ids.append(context.id) }
        return [
            .text("row \(index): \(context.state.count)", style: ["bold": .bool(selected), "color": .int(theme)])
        ]
    }

    func perform(_ action: String, _ arguments: [Value], _ context: ComponentContext<BenchRow>) -> Bool {
        guard action == "bump" else { return false }
        context.mutateState { $0.count += 1 }
        return true
    }
}

struct BenchList: Component {
    var count: Int
    var selected: Int
    var theme: Int
    var registry: RegistryRef

    func render(_ context: ComponentContext<BenchList>) -> [Element] {
        var rows: [Element] = []
        rows.reserveCapacity(count)
        for index in 0..<count {
            rows.append(
                BenchRow(index: index, selected: index == selected, theme: theme, registry: registry)
                    .element(key: .int(index)))
        }
        return [.column(children: rows)]
    }
}

struct CoreBenchmarks {
    let report: BenchReport
    let quick: Bool

    func run() {
        report.line("core (NullHost, ManualRunLoop)")
        if CommandLine.arguments.contains("--first-only") {
            for _ in 0..<10 {
                let (reconciler, _, registry) = make()
                reconciler.update(root: BenchList(count: 10_000, selected: -1, theme: 1, registry: registry).element())
            }
            return
        }
        report.measure(
            "first reconcile, 10,000 keyed stateful rows", iterations: quick ? 5 : 21, target: "≤ 20 ms",
            setup: make
        ) { reconciler, _, registry in
            reconciler.update(root: BenchList(count: 10_000, selected: -1, theme: 1, registry: registry).element())
        }

        var leafMedians: [Int: Duration] = [:]
        for size in [1_000, 10_000, 100_000] {
            let (reconciler, loop, registry) = make()
            reconciler.update(root: BenchList(count: size, selected: -1, theme: 1, registry: registry).element())
            let ids = registry.registry.ids
            var generator = SplitMix(seed: 7)
            leafMedians[size] = report.measure(
                "one leaf's state update, \(size) rows", iterations: quick ? 200 : 2_000, warmup: 50,
                target: size == 10_000 ? "≤ 50 µs" : ""
            ) {
                let id = ids[Int(generator.next() % UInt64(ids.count))]
                reconciler.dispatch(action: "bump", to: id)
                loop.runUntilIdle()
            }
        }
        if let small = leafMedians[1_000], let large = leafMedians[100_000] {
            let ratio =
                Double(large.components.attoseconds + large.components.seconds * 1_000_000_000_000_000_000)
                / Double(small.components.attoseconds + small.components.seconds * 1_000_000_000_000_000_000)
            report.line("  leaf update 100,000 / 1,000 rows: " + String(format: "%.2f×", ratio) + "   (target ≤ 1.5×)")
        }

        do {
            let (reconciler, _, registry) = make()
            reconciler.update(root: BenchList(count: 10_000, selected: -1, theme: 1, registry: registry).element())
            var theme = 1
            report.measure("props change at the root reaching 10,000 rows", iterations: quick ? 5 : 21) {
                theme += 1
                reconciler.update(
                    root: BenchList(count: 10_000, selected: -1, theme: theme, registry: registry).element())
            }
            var selected = 0
            report.measure("selection move: root re-renders, 2 of 10,000 rows change", iterations: quick ? 5 : 21) {
                selected += 1
                reconciler.update(
                    root: BenchList(count: 10_000, selected: selected, theme: theme, registry: registry).element())
            }
        }
    }

    private func make() -> (Reconciler, ManualRunLoop, RegistryRef) {
        let loop = ManualRunLoop()
        return (Reconciler(host: NullHost(), runLoop: loop), loop, RegistryRef(registry: RowRegistry()))
    }
}

/// A small deterministic random generator.
struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
