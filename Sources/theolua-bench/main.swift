// theolua-bench: medians of the core's hot paths, in release mode.
//
//   swift run -c release theolua-bench [--quick]
//
// Each figure is the median of repeated runs; targets are the issue's, for this 2-core
// machine. Nothing here is part of the test suite.

let quick = CommandLine.arguments.contains("--quick")
var report = BenchReport()

CoreBenchmarks(report: report, quick: quick).run()
report.print()
