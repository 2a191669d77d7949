import CBenchSupport
import TheoluaCanvas
import TheoluaCore
import TheoluaRuntime

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The whole pipeline as users run it, through the public `Runtime` API (script render,
/// validation, reconcile, controllers, the canvas host, layout, paint and the frame's
/// terminal bytes) and as the `theolua render` process: first frame, peak memory, a
/// selection move and one row's own update, at 1k, 10k and 100k rows, with a breakdown
/// by stage.
struct PipelineBenchmarks {
    let report: BenchReport
    let quick: Bool

    /// One mounted workload and the frames it has shown.
    final class Session {
        let runtime: Runtime
        var encoder = FrameEncoder()
        var previous: CellBuffer?
        var bytes = 0

        /// Loads and mounts the workload, and shows its first frame.
        init(_ rows: PipelineWorkload.Rows, count: Int, clock: StageClock? = nil) throws {
            runtime = try Runtime(width: PipelineWorkload.width, height: PipelineWorkload.height)
            runtime.stageClock = clock
            try runtime.load(source: PipelineWorkload.source(rows), name: "rows.lua")
            try runtime.mount(props: ["count": .int(count)])
            show()
            let errors = runtime.takeErrors()
            if !errors.isEmpty { throw BenchFailure(message: errors.joined(separator: "\n")) }
        }

        /// Lays out, paints and encodes the frame as `run` writes it.
        func show() {
            let screen = runtime.screen
            bytes = runtime.stageClock.measure(.output) {
                encoder.encode(from: previous, to: screen).count
            }
            previous = screen
        }

        /// Moves the selection and shows the frame.
        func move() {
            runtime.send(KeyEvent.character("j"))
            show()
        }

        /// Pages the scroll down (its rows not shown yet render) and shows the frame.
        func pageDown() {
            runtime.send(KeyEvent(.pagedown))
            show()
        }

        /// Makes one row update its own state and shows the frame.
        func click(_ row: ComponentID) {
            runtime.reconciler.dispatch(action: "click", to: row)
            runtime.flush()
            show()
        }

        var rows: [ComponentID] { runtime.reconciler.mountedComponents(named: "Row") }
    }

    struct BenchFailure: Error {
        let message: String
    }

    var sizes: [Int] { quick ? [1_000, 10_000] : [1_000, 10_000, 100_000] }

    func run() {
        report.line("pipeline: a keyed list of rows in a scroll, three texts each, 120x40 (public Runtime API)")
        do {
            try processFigures()
            for rows in PipelineWorkload.Rows.allCases {
                report.line("\(rows.description)")
                for count in sizes {
                    try inProcessFigures(rows, count: count)
                }
            }
            try stageBreakdown(.controllers, count: 10_000)
            try stageBreakdown(.written, count: 10_000)
            try memoryBreakdown(.controllers, count: 10_000)
        } catch {
            report.line("pipeline benchmark failed: \(error)")
        }
    }

    // MARK: In-process figures

    private func inProcessFigures(_ rows: PipelineWorkload.Rows, count: Int) throws {
        let label = "\(count / 1000)k rows"
        let firstRuns = count >= 100_000 ? 3 : (quick ? 3 : 9)
        var failure: Error?
        report.measureKeeping("  first frame, \(label)", iterations: firstRuns, target: target(first: count)) {
            () -> Session? in
            do { return try Session(rows, count: count) } catch {
                failure = error
                return nil
            }
        }
        if let failure { throw failure }
        let session = try Session(rows, count: count)
        report.measure("  selection move, \(label)", iterations: quick ? 20 : 100, warmup: 5, target: target(move: count)) {
            session.move()
        }
        if rows != .stateless {
            let ids = session.rows
            var generator = SplitMix(seed: 7)
            report.measure(
                "  one row's own update, \(label)", iterations: quick ? 100 : 1_000, warmup: 20,
                target: rows == .controllers ? "≤ 0.1 ms" : ""
            ) {
                session.click(ids[Int(generator.next() % UInt64(ids.count))])
            }
        }
        if count >= 10_000 {
            // A page of rows that render as they come into view, on a list of its own:
            // a hundred pages stay short of the end.
            let paging = try Session(rows, count: count)
            report.measure("  pagedown over rows not shown yet, \(label)", iterations: quick ? 20 : 100, warmup: 5) {
                paging.pageDown()
            }
        }
        if count == 10_000 {
            let floor = report.measure(
                "  floor: plain Lua building the same tables, \(label)", iterations: quick ? 5 : 21, warmup: 2
            ) {
                _ = try? session.runtime.bridge.evaluate(PipelineWorkload.floor(count: count))
            }
            _ = floor
            if rows == .written {
                report.measure(
                    "  move floor: the list's render loop in plain Lua, \(label)", iterations: quick ? 20 : 100,
                    warmup: 5
                ) {
                    _ = try? session.runtime.bridge.evaluate(PipelineWorkload.moveFloor(count: count))
                }
            }
        }
    }

    private func target(first count: Int) -> String {
        switch count {
        case 10_000: "≤ 150 ms"
        case 100_000: "≤ 1.5 s"
        default: ""
        }
    }

    private func target(move count: Int) -> String { count == 10_000 ? "≤ 8 ms" : "" }

    // MARK: Stages

    /// Where the time of a first frame, a selection move and a row's update goes.
    private func stageBreakdown(_ rows: PipelineWorkload.Rows, count: Int) throws {
        report.line("stages, \(rows.description), \(count / 1000)k rows (medians, ms; measuring adds a little)")
        let runs = quick ? 3 : 7
        var first: [[Duration]] = []
        var totals: [Duration] = []
        var kept: Session?
        for _ in 0..<runs {
            kept = nil
            let clock = StageClock()
            let start = ContinuousClock.now
            kept = try Session(rows, count: count, clock: clock)
            totals.append(ContinuousClock.now - start)
            first.append(clock.totals)
        }
        guard let session = kept, let clock = session.runtime.stageClock else { return }
        let moves = samples(of: clock, runs: quick ? 10 : 50) { session.move() }
        let ids = session.rows
        var generator = SplitMix(seed: 3)
        let clicks = samples(of: clock, runs: quick ? 50 : 400) {
            session.click(ids[Int(generator.next() % UInt64(ids.count))])
        }
        let header = "  stage".padding(16) + "first frame".leftPadding(14) + "move".leftPadding(12)
            + "row update".leftPadding(14)
        report.line(header)
        for stage in StageClock.Stage.allCases {
            let cells = [first, moves.stages, clicks.stages].map { median($0.map { $0[stage.rawValue] }) }
            report.line(
                "  \(stage.name)".padding(16) + milliseconds(cells[0]).leftPadding(14)
                    + milliseconds(cells[1]).leftPadding(12) + milliseconds(cells[2], digits: 4).leftPadding(14))
        }
        let sums = [first, moves.stages, clicks.stages].map { runs in median(runs.map { $0.reduce(.zero, +) }) }
        let wholes = [median(totals), median(moves.totals), median(clicks.totals)]
        report.line(
            "  other".padding(16) + milliseconds(wholes[0] - sums[0]).leftPadding(14)
                + milliseconds(wholes[1] - sums[1]).leftPadding(12)
                + milliseconds(wholes[2] - sums[2], digits: 4).leftPadding(14))
        report.line(
            "  whole".padding(16) + milliseconds(wholes[0]).leftPadding(14) + milliseconds(wholes[1]).leftPadding(12)
                + milliseconds(wholes[2], digits: 4).leftPadding(14))
    }

    private func samples(of clock: StageClock, runs: Int, _ body: () -> Void) -> (
        stages: [[Duration]], totals: [Duration]
    ) {
        var stages: [[Duration]] = []
        var totals: [Duration] = []
        for _ in 0..<runs {
            clock.reset()
            let start = ContinuousClock.now
            body()
            totals.append(ContinuousClock.now - start)
            stages.append(clock.totals)
        }
        return (stages, totals)
    }

    // MARK: Memory

    /// Where the memory of a first frame goes, measured in a fresh process of this
    /// benchmark (so that nothing else grew its heap first).
    private func memoryBreakdown(_ rows: PipelineWorkload.Rows, count: Int) throws {
        report.line("memory, \(rows.description), in a fresh process (MiB)")
        for count in sizes {
            guard let lines = ChildProcess.run(executable: ChildProcess.ownPath, ["--memory-child", rows.rawValue, "\(count)"])?.output
            else {
                report.line("  \(count / 1000)k rows: the child process failed")
                continue
            }
            for line in lines.split(separator: "\n") { report.line("  \(count / 1000)k rows: \(line)") }
        }
    }

    /// Runs in the child: mounts the workload step by step and prints what each step
    /// added to the heaps, then the process's peak.
    static func memoryChild(_ arguments: [String]) {
        guard arguments.count >= 2, let rows = PipelineWorkload.Rows(rawValue: arguments[0]),
            let count = Int(arguments[1])
        else { return }
        var steps: [(String, Int, Int)] = []
        var lastHeap = Memory.heapInUse
        var lastLua = 0
        func step(_ name: String, lua: Int) {
            let heap = Memory.heapInUse
            steps.append((name, heap - lastHeap, lua - lastLua))
            lastHeap = heap
            lastLua = lua
        }
        do {
            let runtime = try Runtime(width: PipelineWorkload.width, height: PipelineWorkload.height)
            try runtime.load(source: PipelineWorkload.source(rows), name: "rows.lua")
            step("runtime and load", lua: runtime.bridge.memoryUsed)
            try runtime.mount(props: ["count": .int(count)])
            step("mount (script, elements, reconcile, controllers, host)", lua: runtime.bridge.memoryUsed)
            let screen = runtime.screen
            step("layout and paint", lua: runtime.bridge.memoryUsed)
            var encoder = FrameEncoder()
            let bytes = encoder.encode(from: nil, to: screen)
            step("output (\(bytes.count) bytes)", lua: runtime.bridge.memoryUsed)
            _ = try? runtime.bridge.evaluate("collectgarbage()")
            step("after a full Lua collection", lua: runtime.bridge.memoryUsed)
            for (name, heap, lua) in steps {
                print("\(name): heap \(Memory.mebibytes(heap)) (Lua \(Memory.mebibytes(lua)))")
            }
            print(
                "resident \(Memory.mebibytes(Memory.resident)), peak \(Memory.mebibytes(Memory.peak)),"
                    + " \(Memory.peak / count) bytes a row")
            withExtendedLifetime(runtime) {}
        } catch {
            print("failed: \(error)")
        }
    }

    // MARK: The theolua process

    /// `theolua render` of the workload as a process: wall time and peak memory.
    private func processFigures() throws {
        let binary = ChildProcess.sibling("theolua")
        guard access(binary, X_OK) == 0 else {
            report.line("the theolua process: no binary at \(binary); build it with swift build -c release")
            return
        }
        report.line("the theolua render process, \(PipelineWorkload.Rows.controllers.description)")
        let path = "/tmp/theolua-bench-rows-\(getpid()).lua"
        guard let file = fopen(path, "w") else { throw BenchFailure(message: "cannot write \(path)") }
        fputs(PipelineWorkload.source(.controllers), file)
        fclose(file)
        defer { unlink(path) }
        for count in sizes {
            let moves = 50
            var walls: [Duration] = []
            var movesWalls: [Duration] = []
            var peaks: [Int] = []
            let runs = count >= 100_000 ? 3 : (quick ? 3 : 9)
            for _ in 0..<runs {
                let base = ["render", path, "--size", "120x40", "--props", "{\"count\":\(count)}"]
                guard let plain = ChildProcess.run(executable: binary, base),
                    let moved = ChildProcess.run(
                        executable: binary, base + ["--keys", Array(repeating: "j", count: moves).joined(separator: " ")])
                else { throw BenchFailure(message: "theolua render failed") }
                walls.append(plain.wall)
                movesWalls.append(moved.wall)
                peaks.append(plain.peakKilobytes)
            }
            let label = "\(count / 1000)k rows"
            report.note("  process, first frame, \(label)", median(walls), target: target(first: count))
            report.line(
                "  process, peak memory, \(label): " + Memory.mebibytes(median(peaks) * 1024)
                    + (count == 10_000 ? "   target ≤ 48 MiB" : count == 100_000 ? "   target ≤ 350 MiB" : ""))
            let perMove = (median(movesWalls) - median(walls)) / moves
            report.note("  process, selection move (\(moves) moves), \(label)", perMove, target: target(move: count))
        }
    }
}

// MARK: Helpers

/// Memory figures of this process.
enum Memory {
    /// Bytes the C heap has handed out and not had back (Linux; 0 elsewhere).
    static var heapInUse: Int { bench_heap_in_use() }

    /// Resident bytes now.
    static var resident: Int { status("VmRSS:") }
    /// The most bytes resident at once.
    static var peak: Int { status("VmHWM:") }

    private static func status(_ field: String) -> Int {
        guard let file = fopen("/proc/self/status", "r") else { return 0 }
        defer { fclose(file) }
        var line = [CChar](repeating: 0, count: 256)
        while fgets(&line, Int32(line.count), file) != nil {
            let text = String(decoding: line.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            if text.hasPrefix(field) {
                return (Int(text.dropFirst(field.count).filter(\.isNumber)) ?? 0) * 1024
            }
        }
        return 0
    }

    static func mebibytes(_ bytes: Int) -> String { String(format: "%.1f MiB", Double(bytes) / 1_048_576) }
}

/// Another process: this benchmark again, or the theolua binary beside it.
enum ChildProcess {
    /// This executable's path.
    static var ownPath: String {
        var buffer = [CChar](repeating: 0, count: 4096)
        let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard count > 0 else { return CommandLine.arguments[0] }
        return String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// A binary built beside this one.
    static func sibling(_ name: String) -> String {
        let own = ownPath
        guard let slash = own.lastIndex(of: "/") else { return name }
        return String(own[..<slash]) + "/" + name
    }

    struct Result {
        var output: String
        var wall: Duration
        var peakKilobytes: Int
    }

    /// Runs `executable` with `arguments`, its standard output captured and its
    /// standard error discarded; nil unless it exits with status 0. The peak memory is
    /// the child's own (`ru_maxrss`), which on Linux is at least this process's
    /// resident size when it started: spawn children before growing this process.
    static func run(executable: String, _ arguments: [String]) -> Result? {
        var pipeEnds: [Int32] = [0, 0]
        guard pipe(&pipeEnds) == 0 else { return nil }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, pipeEnds[1], 1)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addclose(&actions, pipeEnds[0])
        let argv: [UnsafeMutablePointer<CChar>?] = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var pid: pid_t = 0
        let start = ContinuousClock.now
        let spawned = posix_spawn(&pid, executable, &actions, nil, argv, environ)
        close(pipeEnds[1])
        guard spawned == 0 else {
            close(pipeEnds[0])
            return nil
        }
        var output: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = read(pipeEnds[0], &chunk, chunk.count)
            if count > 0 { output += chunk[0..<count] } else if count == 0 || errno != EINTR { break }
        }
        close(pipeEnds[0])
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) < 0 && errno == EINTR {}
        let wall = ContinuousClock.now - start
        guard status == 0 else { return nil }
        return Result(
            output: String(decoding: output, as: UTF8.self), wall: wall, peakKilobytes: Int(usage.ru_maxrss))
    }
}

func median<T: Comparable>(_ values: [T]) -> T {
    values.sorted()[values.count / 2]
}

func milliseconds(_ duration: Duration, digits: Int = 2) -> String {
    let value = Double(duration.components.seconds) * 1e3 + Double(duration.components.attoseconds) / 1e15
    return String(format: "%.\(digits)f", value)
}

extension String {
    /// The string padded with spaces on the right to `width`.
    func padding(_ width: Int) -> String { self + String(repeating: " ", count: max(0, width - count)) }
    /// The string padded with spaces on the left to `width`.
    func leftPadding(_ width: Int) -> String { String(repeating: " ", count: max(0, width - count)) + self }
}
