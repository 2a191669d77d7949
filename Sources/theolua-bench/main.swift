// theolua-bench: medians of the core's hot paths, in release mode.
//
//   swift run -c release theolua-bench [--quick] [pipeline] [lists] [widgets] [core] [canvas] [lua] [json] [embedding]
//
// `pipeline` is what users run: the whole pipeline through the public Runtime API and
// the theolua process (build both with `swift build -c release` first), with a table
// of where the time goes by stage and the memory by step.
// Each figure is the median of repeated runs; targets are the issue's, for this 2-core
// machine. Nothing here is part of the test suite. For profiling, `lua --lua-move-only`
// repeats only the selection move and `lua --lua-first-only` only the first frame. To
// compare two builds on a shared machine, `lua --lua-minimums` prints the fastest of
// many runs, and `lua --lua-count` under `valgrind --tool=callgrind` (on a copy of the
// binary stripped with `strip -g`) gives instructions per phase.

import TheoluaRuntime

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

if let index = CommandLine.arguments.firstIndex(of: "--memory-child") {
    PipelineBenchmarks.memoryChild(Array(CommandLine.arguments[(index + 1)...]))
    exit(0)
}

// As the theolua command does at start (see LargeAllocations): the figures are those of
// the process users run.
LargeAllocations.keepInHeap()

let quick = CommandLine.arguments.contains("--quick")
let report = BenchReport()

let only = CommandLine.arguments.dropFirst().filter { !$0.hasPrefix("--") }
func wanted(_ name: String) -> Bool { only.isEmpty || only.contains(name) }

if wanted("pipeline") { PipelineBenchmarks(report: report, quick: quick).run() }
if wanted("lists") { ListBenchmarks(report: report, quick: quick).run() }
if wanted("widgets") { WidgetBenchmarks(report: report, quick: quick).run() }
if wanted("lua") { LuaBenchmarks(report: report, quick: quick).measureMemory() }
if wanted("core") { CoreBenchmarks(report: report, quick: quick).run() }
if wanted("canvas") { CanvasBenchmarks(report: report, quick: quick).run() }
if wanted("lua") { LuaBenchmarks(report: report, quick: quick).run() }
if wanted("json") { JSONBenchmarks(report: report, quick: quick).run() }
if wanted("embedding") { EmbeddingBenchmarks(report: report, quick: quick).run() }
report.print()
