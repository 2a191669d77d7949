import ArgumentParser
import TheoluaRuntime
import TheoluaTesting

/// `theolua test`: runs test scripts.
struct Test: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "test",
        abstract: "Run test scripts (*_test.lua) against apps rendered headless.",
        discussion: """
            Runs every *_test.lua file under the given folders (default: the current one), \
            each test with fresh app runtimes on a virtual clock. Prints one line per test, \
            failures with their file:line and the screen at that moment, then \
            "N passed, M failed". Exits 1 if any test failed.
            """)

    @Argument(help: ArgumentHelp("Test files or folders to search.", valueName: "PATH"))
    var paths: [String] = []

    @Option(help: ArgumentHelp("Run only the tests whose name contains this text.", valueName: "PATTERN"))
    var filter: String?

    @Flag(help: "Rewrite stored snapshots instead of comparing with them.")
    var update = false

    @Option(help: ArgumentHelp("Also write the results as JUnit XML to this file.", valueName: "FILE"))
    var junit: String?

    @OptionGroup var script: ScriptOptions

    func run() throws {
        ChildProcesses.endOnTerminationSignals()
        let files = TestRunner.testFiles(in: paths)
        guard !files.isEmpty else {
            throw ScriptFailure(messages: [
                "theolua test: no *_test.lua files under \(paths.isEmpty ? "." : paths.joined(separator: ", "))"
            ])
        }
        let runner = TestRunner(
            options: TestOptions(runtime: script.headlessRuntimeOptions, update: update, filter: filter))
        let results = runner.run(files)
        if let junit {
            guard TestRunner.writeJUnit(results, to: junit) else {
                throw ScriptFailure(messages: ["theolua test: cannot write \(junit)"])
            }
        }
        if results.contains(where: { $0.failure != nil }) { throw ExitCode(1) }
    }
}
