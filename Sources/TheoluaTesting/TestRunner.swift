import TheoluaRuntime

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// How `theolua test` runs.
public struct TestOptions: Sendable {
    /// The sandbox, limits and grants of test scripts and of the apps they mount.
    public var runtime: Runtime.Options
    /// Whether `t.snapshot` rewrites stored snapshots instead of comparing.
    public var update: Bool
    /// Only tests whose full name contains this run.
    public var filter: String?

    public init(runtime: Runtime.Options = .init(), update: Bool = false, filter: String? = nil) {
        self.runtime = runtime
        self.update = update
        self.filter = filter
    }
}

/// `theolua test`: finds `*_test.lua` scripts, runs each test with fresh app runtimes,
/// and reports one line per test and a closing count. A host of the public `Runtime`
/// API like the CLI, so what tests can do, embedders can do.
public struct TestRunner {
    /// One test's result, for reports.
    public struct Result: Sendable {
        public var file: String
        public var name: String
        public var failure: String?
        public var screen: String?
        public var seconds: Double
        /// What the test and its apps printed, kept when it failed.
        public var printed: [String] = []
    }

    public let options: TestOptions
    /// Receives each line of the report.
    public var output: (String) -> Void

    /// A runner writing its report to `output`, each line through ``TerminalText``:
    /// test names, failures and what the apps printed are shown, never obeyed.
    public init(options: TestOptions, output: @escaping (String) -> Void = { print($0) }) {
        self.options = options
        self.output = { output(TerminalText.printable($0)) }
    }

    /// The test scripts under `paths` (files as given; folders searched for
    /// `*_test.lua`, skipping hidden folders and `.build`, and not following links, so a
    /// link to a folder above cannot make the search endless), sorted.
    public static func testFiles(in paths: [String]) -> [String] {
        var files: [String] = []
        for path in paths.isEmpty ? ["."] : paths {
            var info = stat()
            guard stat(path, &info) == 0 else { continue }
            if (info.st_mode & S_IFMT) == S_IFDIR {
                collect(in: path, into: &files)
            } else {
                files.append(path)
            }
        }
        return files.sorted()
    }

    private static func collect(in folder: String, into files: inout [String]) {
        for entry in (try? FileGate(.all, relativeTo: ".").list(folder, followingLinks: false)) ?? [] {
            if entry.name.hasPrefix(".") || entry.name == "__snapshots__" { continue }
            let path = folder == "." ? entry.name : folder + "/" + entry.name
            if entry.kind == .directory {
                collect(in: path, into: &files)
            } else if entry.kind == .file && entry.name.hasSuffix("_test.lua") {
                files.append(path)
            }
        }
    }

    /// Runs the tests in `files`; returns every result (a script that fails to load is
    /// one failed result).
    public func run(_ files: [String]) -> [Result] {
        var results: [Result] = []
        for file in files {
            do {
                let test = try TestFile(path: file, options: options)
                try test.run(filter: options.filter) { outcome in
                    let result = Result(
                        file: file, name: outcome.name, failure: outcome.failure, screen: outcome.screen,
                        seconds: outcome.seconds, printed: outcome.printed)
                    results.append(result)
                    report(result)
                }
            } catch {
                let result = Result(file: file, name: "(loading)", failure: "\(error)", screen: nil, seconds: 0)
                results.append(result)
                report(result)
            }
        }
        let failed = results.filter { $0.failure != nil }.count
        output("\(results.count - failed) passed, \(failed) failed")
        return results
    }

    private func report(_ result: Result) {
        let milliseconds = Int((result.seconds * 1000).rounded())
        let where_ = result.file.split(separator: "/").last.map(String.init) ?? result.file
        guard let failure = result.failure else {
            output("✓ \(where_) › \(result.name) (\(milliseconds) ms)")
            return
        }
        output("✗ \(where_) › \(result.name) (\(milliseconds) ms)")
        for line in failure.split(separator: "\n", omittingEmptySubsequences: false) { output("    " + line) }
        if let screen = result.screen {
            output("    the screen then:")
            for line in screen.split(separator: "\n", omittingEmptySubsequences: false) { output("    │" + line) }
        }
        if !result.printed.isEmpty {
            output("    printed:")
            for line in result.printed { output("    │" + line) }
        }
    }

    /// Writes `results` as JUnit XML to `path` (a path the person running the tests
    /// gave), replacing the file atomically; returns whether it could.
    public static func writeJUnit(_ results: [Result], to path: String) -> Bool {
        let gate = FileGate(.all, relativeTo: ".", for: .write)
        return (try? gate.replaceFile(path, with: Array(junit(results).utf8), followingLinks: true)) != nil
    }

    /// The results as JUnit XML, for CI systems.
    public static func junit(_ results: [Result]) -> String {
        func escape(_ text: String) -> String {
            var escaped = ""
            for character in text {
                switch character {
                case "&": escaped += "&amp;"
                case "<": escaped += "&lt;"
                case ">": escaped += "&gt;"
                case "\"": escaped += "&quot;"
                default:
                    if let ascii = character.asciiValue, ascii < 32, ascii != 9, ascii != 10, ascii != 13 { continue }
                    escaped.append(character)
                }
            }
            return escaped
        }
        let failed = results.filter { $0.failure != nil }.count
        let total = results.reduce(0) { $0 + $1.seconds }
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        xml += "<testsuites tests=\"\(results.count)\" failures=\"\(failed)\" time=\"\(total)\">\n"
        var files: [String] = []
        for result in results where !files.contains(result.file) { files.append(result.file) }
        for file in files {
            let cases = results.filter { $0.file == file }
            let failures = cases.filter { $0.failure != nil }.count
            xml += "  <testsuite name=\"\(escape(file))\" tests=\"\(cases.count)\" failures=\"\(failures)\">\n"
            for result in cases {
                xml +=
                    "    <testcase classname=\"\(escape(file))\" name=\"\(escape(result.name))\" time=\"\(result.seconds)\""
                if let failure = result.failure {
                    let firstLine = failure.split(separator: "\n").first.map(String.init) ?? failure
                    xml +=
                        ">\n      <failure message=\"\(escape(firstLine))\">\(escape(failure + (result.screen.map { "\n" + $0 } ?? "")))</failure>\n    </testcase>\n"
                } else {
                    xml += "/>\n"
                }
            }
            xml += "  </testsuite>\n"
        }
        return xml + "</testsuites>\n"
    }
}
