import TheoluaCanvas
import TheoluaCore
import TheoluaRuntime

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `ui.list` and `ui.table` at sizes nobody would mount as components: a list of a
/// million one-text items and a table of 300,000 rows by 5 columns, on a 120x40 screen,
/// through the public `Runtime` API (first frame, `end`, `pagedown`, a one-row move)
/// and as the `theolua render` process (time and peak memory at two counts, which
/// should not differ).
struct ListBenchmarks {
    let report: BenchReport
    let quick: Bool

    enum Workload: CaseIterable {
        case list, table, log, styledLog

        func source(count: Int) -> String {
            switch self {
            case .list:
                """
                local ui = require("theolua")
                return ui.list { count = \(count), itemHeight = 1,
                  render = function(i) return ui.text { "item " .. i, key = i } end }
                """
            case .table:
                """
                local ui = require("theolua")
                return ui.table { count = \(count),
                  columns = {
                    { title = "pid", width = 8, align = "right" }, { title = "name", grow = 1 },
                    { title = "cpu", width = 6, align = "right" }, { title = "mem", width = 8, align = "right" },
                    { title = "state", width = "10%" },
                  },
                  cell = function(row, col)
                    if col == 1 then return row end
                    if col == 2 then return "process-" .. row end
                    if col == 3 then return (row * 7 % 1000) / 10 end
                    if col == 4 then return (row * 13 % 4096) .. " K" end
                    return row % 3 == 0 and "sleep" or "run"
                  end }
                """
            case .log:
                """
                local ui = require("theolua")
                local levels = { "info", "warn", "error" }
                return ui.list { count = \(count), itemHeight = 1,
                  render = function(i)
                    return ui.text { "12:00:" .. (10 + i % 50) .. " [" .. levels[i % 3 + 1] .. "] service-" .. i % 7
                      .. " request " .. i .. " took " .. i % 300 .. " ms", key = i, wrap = "ellipsis" }
                  end }
                """
            case .styledLog:
                """
                local ui = require("theolua")
                local levels = { "info", "warn", "error" }
                local colors = { info = "green", warn = "yellow", error = "red" }
                return ui.list { count = \(count), itemHeight = 1,
                  render = function(i)
                    local level = levels[i % 3 + 1]
                    return ui.text { ui.span { "12:00:" .. (10 + i % 50), dim = true }, " [",
                      ui.span { level, color = colors[level], bold = true }, "] ",
                      ui.span { "service-" .. i % 7, color = "cyan" }, " request " .. i .. " took ",
                      ui.span { i % 300 .. " ms", bold = i % 300 > 200 }, key = i, wrap = "ellipsis" }
                  end }
                """
            }
        }

        var large: Int {
            switch self {
            case .list: 1_000_000
            case .table: 300_000
            case .log, .styledLog: 10_000
            }
        }
        var small: Int { large / 1_000 }
        var label: String {
            switch self {
            case .list: "list, one text per item"
            case .table: "table, 5 columns"
            case .log: "log of 10,000 lines, plain text"
            case .styledLog: "log of 10,000 lines, each of 4 styled runs (ui.span): as fast as plain"
            }
        }
    }

    func run() {
        report.line("lists: ui.list and ui.table on a 120x40 screen (public Runtime API and the theolua process)")
        for workload in Workload.allCases {
            report.line("  \(workload.label)")
            do {
                try inProcess(workload)
                try process(workload)
            } catch {
                report.line("    failed: \(error)")
            }
        }
        do {
            try drift()
        } catch {
            report.line("  drift check failed: \(error)")
        }
    }

    /// Items of 1 to 3 rows: moving the selection down through 10,000 items and back up,
    /// once the view scrolls the selection must sit at the window's bottom (going down)
    /// or top (going up) after every move; any other row is a drift.
    private func drift() throws {
        let count = quick ? 2_000 : 10_000
        let runtime = try Runtime(width: 40, height: 12)
        try runtime.load(
            source: """
                local ui = require("theolua")
                return ui.list { count = \(count), render = function(i)
                  local lines = {}
                  for n = 1, i % 3 + 1 do lines[n] = "item " .. i .. " line " .. n end
                  return ui.text { table.concat(lines, "\\n"), key = i }
                end }
                """, name: "heights.lua")
        try runtime.mount()
        func selectedRows() -> (first: Int, last: Int)? {
            let screen = runtime.screen
            let rows = (0..<12).filter { screen[0, $0].style.attributes.contains(.inverse) }
            guard let first = rows.first, let last = rows.last else { return nil }
            return (first, last)
        }
        var drifts = 0
        for move in 1..<count {
            runtime.send(KeyEvent(.down))
            guard let rows = selectedRows() else {
                drifts += 1
                continue
            }
            if move > 12 && rows.last != 11 { drifts += 1 }
        }
        for move in 1..<count {
            runtime.send(KeyEvent(.up))
            guard let rows = selectedRows() else {
                drifts += 1
                continue
            }
            if move > 12 && rows.first != 0 { drifts += 1 }
        }
        report.line(
            "  items of 1-3 rows, \(count) down and back up: \(drifts) drifts of the selected row   target: 0")
    }

    private func mounted(_ workload: Workload, count: Int) throws -> Runtime {
        let runtime = try Runtime(width: 120, height: 40)
        try runtime.load(source: workload.source(count: count), name: "list.lua")
        try runtime.mount()
        return runtime
    }

    private func inProcess(_ workload: Workload) throws {
        let count = workload.large
        let iterations = quick ? 5 : 21
        var encoder = FrameEncoder()
        report.measureKeeping(
            "    first frame, \(count) items (load, mount, frame)", iterations: iterations, target: "≤ 20 ms"
        ) { () -> Runtime? in
            guard let runtime = try? mounted(workload, count: count) else { return nil }
            _ = encoder.encode(from: nil, to: runtime.screen)
            return runtime
        }
        let runtime = try mounted(workload, count: count)
        var previous = runtime.screen
        func frame(after key: KeyEvent) {
            runtime.send(key)
            let screen = runtime.screen
            _ = encoder.encode(from: previous, to: screen)
            previous = screen
        }
        report.measure(
            "    end (from the first item)", iterations: iterations, target: "≤ 1 ms",
            setup: { frame(after: KeyEvent(.home)) }
        ) { _ in frame(after: KeyEvent(.end)) }
        report.measure(
            "    pagedown (from the first item)", iterations: iterations, target: "≤ 1 ms",
            setup: { frame(after: KeyEvent(.home)) }
        ) { _ in frame(after: KeyEvent(.pagedown)) }
        frame(after: KeyEvent(.home))
        report.measure("    one-row move", iterations: iterations * 5, target: "≤ 1 ms") {
            frame(after: KeyEvent(.down))
        }
    }

    private func process(_ workload: Workload) throws {
        let binary = ChildProcess.sibling("theolua")
        guard access(binary, X_OK) == 0 else {
            report.line("    the theolua process: no binary at \(binary); build it with swift build -c release")
            return
        }
        var peaks: [Int: Int] = [:]
        for count in [workload.small, workload.large] {
            let path = "/tmp/theolua-bench-list-\(getpid()).lua"
            guard let file = fopen(path, "w") else { throw PipelineBenchmarks.BenchFailure(message: "cannot write") }
            fputs(workload.source(count: count), file)
            fclose(file)
            defer { unlink(path) }
            var walls: [Duration] = []
            var kilobytes: [Int] = []
            for _ in 0..<(quick ? 3 : 9) {
                guard let result = ChildProcess.run(executable: binary, ["render", path, "--size", "120x40"]) else {
                    throw PipelineBenchmarks.BenchFailure(message: "theolua render failed")
                }
                walls.append(result.wall)
                kilobytes.append(result.peakKilobytes)
            }
            peaks[count] = median(kilobytes)
            report.note(
                "    process, first frame, \(count) items", median(walls),
                target: count == workload.large ? "≤ 100 ms" : "")
        }
        let small = peaks[workload.small] ?? 0
        let large = peaks[workload.large] ?? 0
        report.line(
            "    process, peak memory: \(Memory.mebibytes(small * 1024)) at \(workload.small) items, "
                + "\(Memory.mebibytes(large * 1024)) at \(workload.large)   target: within 5 MiB")
    }
}
