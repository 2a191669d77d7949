import TheoluaCore
import TheoluaLua

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The Lua bridge's hot paths on a keyed list of stateful script rows.
struct LuaBenchmarks {
    let report: BenchReport
    let quick: Bool

    static func app(count: Int) -> String {
        """
        local ui = require("theolua")
        local Row = ui.component("Row", {
          props = { index = "integer", selected = "boolean" },
          initialState = function() return { clicks = 0 } end,
          render = function(self)
            local p = self.props
            return ui.text { (p.selected and "> " or "  ") .. "row " .. p.index .. " " .. self.state.clicks, bold = p.selected }
          end,
          actions = { click = function(self) self:updateState(function(s) return { clicks = s.clicks + 1 } end) end },
        })
        local List = ui.component("List", {
          initialState = function() return { selected = 1 } end,
          render = function(self)
            local rows, selected = {}, self.state.selected
            for i = 1, \(count) do rows[i] = Row { key = i, index = i, selected = i == selected } end
            return ui.scroll { rows }
          end,
          actions = { move = function(self) self:updateState(function(s) return { selected = s.selected % \(count) + 1 } end) end },
        })
        return List {}
        """
    }

    /// The floor: plain Lua building the same 10,000 tables a List render builds.
    static let plainFloor = """
        local rows, selected = {}, 7
        for i = 1, 10000 do rows[i] = { key = i, index = i, selected = i == selected } end
        return rows
        """

    final class Setup {
        let loop = ManualRunLoop()
        let reconciler: Reconciler
        let bridge: LuaBridge

        init(count: Int, host: any HostRenderer = NullHost()) throws {
            reconciler = Reconciler(host: host, runLoop: loop)
            bridge = try LuaBridge(runLoop: loop)
            try bridge.registerBuiltInWidgets()
            bridge.reconciler = reconciler
            reconciler.onError = { print("error: \($0)") }
            let root = try bridge.loadApp(source: LuaBenchmarks.app(count: count), name: "bench.lua")
            reconciler.update(root: try bridge.rootElement(root, props: Record()))
            loop.runUntilIdle()
        }
    }

    /// Resident memory with 10,000 script rows mounted, measured first in the process so
    /// that nothing else has grown the heap.
    func measureMemory() {
        let before = residentBytes()
        guard let setup = try? Setup(count: 10_000) else { return }
        let after = residentBytes()
        report.line(
            "memory with 10,000 script rows mounted: Lua heap "
                + String(format: "%.1f MiB", Double(setup.bridge.memoryUsed) / 1_048_576)
                + ", process resident " + String(format: "%.1f MiB", Double(after) / 1_048_576)
                + " (" + String(format: "%.1f MiB", Double(after - before) / 1_048_576)
                + " for the app)   (target ≤ 150 MiB)")
    }

    func run() {
        report.line("lua bridge (NullHost)")
        if CommandLine.arguments.contains("--lua-move-only"), let setup = try? Setup(count: 10_000) {
            let list = setup.reconciler.mountedComponents(named: "List")[0]
            for _ in 0..<300 {
                setup.reconciler.dispatch(action: "move", to: list)
                setup.loop.runUntilIdle()
            }
            return
        }
        if CommandLine.arguments.contains("--lua-first-only") {
            // Kept and never torn down, so that a profile shows the frame alone.
            let setups = (0..<3).map { _ in try? Setup(count: 10_000) }
            withExtendedLifetime(setups) { exit(0) }
        }
        if CommandLine.arguments.contains("--lua-count") {
            countInstructions()
            return
        }
        if CommandLine.arguments.contains("--lua-minimums") {
            printMinimums()
            return
        }
        do {
            report.measureKeeping("first frame, 10,000 script rows", iterations: quick ? 3 : 11, target: "≤ 150 ms") {
                try? Setup(count: 10_000)
            }
            var rowMedians: [Int: Duration] = [:]
            for count in [1_000, 10_000, 100_000] where !(quick && count == 100_000) {
                let setup = try Setup(count: count)
                let rows = setup.reconciler.mountedComponents(named: "Row")
                var generator = SplitMix(seed: 11)
                rowMedians[count] = report.measure(
                    "one row's own state update, \(count) rows", iterations: quick ? 100 : 1_000, warmup: 20,
                    target: count == 10_000 ? "≤ 0.2 ms" : ""
                ) {
                    let id = rows[Int(generator.next() % UInt64(rows.count))]
                    setup.reconciler.dispatch(action: "click", to: id)
                    setup.loop.runUntilIdle()
                }
            }
            if let small = rowMedians[1_000], let large = rowMedians[100_000] {
                report.line(
                    "  row update 100,000 / 1,000 rows: " + String(format: "%.2f×", ratio(large, small))
                        + "   (target flat)")
            }
            let setup = try Setup(count: 10_000)
            let lists = setup.reconciler.mountedComponents(named: "List")
            // Each sample starts from a collected heap, so that neither pays for the
            // garbage the other left; move and floor samples alternate, so that a slow
            // stretch of a shared machine lands on both rather than on one of them; 40
            // pairs, so that the medians, and their ratio, hold still from run to run.
            let collect = { _ = try? setup.bridge.evaluate("collectgarbage()") }
            let clock = ContinuousClock()
            var moves: [Duration] = []
            var floors: [Duration] = []
            for round in 0...(quick ? 5 : 40) {
                collect()
                let move = clock.measure {
                    if let list = lists.first { setup.reconciler.dispatch(action: "move", to: list) }
                    setup.loop.runUntilIdle()
                }
                collect()
                let floor = clock.measure { _ = try? setup.bridge.evaluate(LuaBenchmarks.plainFloor) }
                if round > 0 {  // the first round warms up
                    moves.append(move)
                    floors.append(floor)
                }
            }
            let move = moves.sorted()[moves.count / 2]
            let floor = floors.sorted()[floors.count / 2]
            report.note("selection move: List re-renders, 2 of 10,000 rows change", move)
            report.note("floor: plain Lua building the 10,000 row tables", floor)
            report.line("  selection move / floor: " + String(format: "%.2f×", ratio(move, floor)) + "   (target ≤ 3×)")
            _ = setup
        } catch {
            report.line("lua benchmark failed: \(error)")
        }
    }
}

extension LuaBenchmarks {
    /// The fastest of many runs of the first frame, the selection move and the floor:
    /// on a shared machine the minimum tells two builds apart where medians drift.
    func printMinimums() {
        let clock = ContinuousClock()
        func fastest(_ runs: Int, setup: () -> Void = {}, _ body: () -> Void) -> Duration {
            (0..<runs).map { _ in
                setup()
                return clock.measure(body)
            }.min() ?? .zero
        }
        var kept: Setup? = nil
        let first = fastest(15) {
            kept = nil
            kept = try? Setup(count: 10_000)
        }
        guard let setup = kept, let list = setup.reconciler.mountedComponents(named: "List").first else { return }
        let collect = { _ = try? setup.bridge.evaluate("collectgarbage()") }
        let move = fastest(41, setup: collect) {
            setup.reconciler.dispatch(action: "move", to: list)
            setup.loop.runUntilIdle()
        }
        let floor = fastest(41, setup: collect) {
            _ = try? setup.bridge.evaluate(LuaBenchmarks.plainFloor)
        }
        let gc = fastest(41, collect)
        print("minimums: first frame \(first), move \(move), floor \(floor), collect alone \(gc)")
    }
}

extension LuaBenchmarks {
    /// One first frame, then five selection moves and five floors, each after a full
    /// collection, in functions of their own: run under
    /// `valgrind --tool=callgrind` to compare builds by instructions, which a shared
    /// machine does not disturb.
    func countInstructions() {
        guard let setup = countFirstFrame(), let list = setup.reconciler.mountedComponents(named: "List").first else {
            return
        }
        for _ in 0..<5 {
            countCollect(setup)
            countMove(setup, list)
        }
        for _ in 0..<5 {
            countCollect(setup)
            countFloor(setup)
        }
    }

    @inline(never) func countFirstFrame() -> Setup? { try? Setup(count: 10_000) }

    @inline(never) func countCollect(_ setup: Setup) { _ = try? setup.bridge.evaluate("collectgarbage()") }

    @inline(never) func countMove(_ setup: Setup, _ list: ComponentID) {
        setup.reconciler.dispatch(action: "move", to: list)
        setup.loop.runUntilIdle()
    }

    @inline(never) func countFloor(_ setup: Setup) { _ = try? setup.bridge.evaluate(LuaBenchmarks.plainFloor) }
}

func ratio(_ a: Duration, _ b: Duration) -> Double {
    func nanoseconds(_ d: Duration) -> Double {
        Double(d.components.seconds) * 1e9 + Double(d.components.attoseconds) / 1e9
    }
    return nanoseconds(a) / max(nanoseconds(b), 1)
}

/// The process's resident memory, from /proc on Linux (0 elsewhere).
func residentBytes() -> Int {
    guard let file = fopen("/proc/self/statm", "r") else { return 0 }
    defer { fclose(file) }
    var size = 0
    var resident = 0
    guard fscanf_statm(file, &size, &resident) else { return 0 }
    return resident * Int(sysconf(Int32(_SC_PAGESIZE)))
}

private func fscanf_statm(_ file: UnsafeMutablePointer<FILE>, _ size: inout Int, _ resident: inout Int) -> Bool {
    var buffer = [CChar](repeating: 0, count: 128)
    guard fgets(&buffer, Int32(buffer.count), file) != nil else { return false }
    let text = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    let fields = text.split(separator: " ").compactMap { Int($0.filter(\.isNumber)) }
    guard fields.count >= 2 else { return false }
    size = fields[0]
    resident = fields[1]
    return true
}
