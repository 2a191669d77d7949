// theolua-bench: medians of the core's hot paths, in release mode.
//
//   swift run -c release theolua-bench [--quick] [core] [canvas] [lua]
//
// Each figure is the median of repeated runs; targets are the issue's, for this 2-core
// machine. Nothing here is part of the test suite. For profiling, `lua --lua-move-only`
// repeats only the selection move and `lua --lua-first-only` only the first frame.

let quick = CommandLine.arguments.contains("--quick")
let report = BenchReport()

let only = CommandLine.arguments.dropFirst().filter { !$0.hasPrefix("--") }
func wanted(_ name: String) -> Bool { only.isEmpty || only.contains(name) }

if wanted("lua") { LuaBenchmarks(report: report, quick: quick).measureMemory() }
if wanted("core") { CoreBenchmarks(report: report, quick: quick).run() }
if wanted("canvas") { CanvasBenchmarks(report: report, quick: quick).run() }
if wanted("lua") { LuaBenchmarks(report: report, quick: quick).run() }
report.print()
