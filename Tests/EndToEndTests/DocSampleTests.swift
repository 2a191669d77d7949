import Testing

/// Every sample of the documentation (README.md, Examples/README.md, docs/*.md) is a
/// test: Lua apps are run with the built `theolua` and their screens compared with the
/// ones shown, shell transcripts are replayed command by command, and Swift programs
/// are compiled against the built modules (and run, when their output is shown).
///
/// The info string of each fenced block says what it is (`lua`, `lua fragment`,
/// `text render --size 40x7`, ...); CONTRIBUTING.md lists the markup and `DocSamples`
/// reads it. A block the harness cannot classify fails, so no sample is skipped unseen.
/// A failure names the document's file and line and shows the difference line by line,
/// numbered as in the document (`-` as shown, `+` as printed).
@Suite struct DocSampleTests {
    @Test(arguments: DocSamples.all)
    func docSampleRunsAsShown(_ check: DocCheck) {
        switch check.kind {
        case .problem(let message):
            record(message, at: check.block)
        case .check(let app):
            let result = runInFolder(check.files) { folder in runTheolua(["check", folder + "/" + app]) }
            if result.status != 0 || result.stdout != "ok\n" {
                record(
                    "`theolua check \(app)` of this sample failed (status \(result.status)); mark it "
                        + "`lua fragment` if it is not meant to run alone:\n\(result.stdout)\(result.stderr)",
                    at: check.block)
            }
        case .screen(let app, let arguments):
            let result = runInFolder(check.files) { folder in
                runTheolua(["render", folder + "/" + app] + arguments)
            }
            let command = (["theolua", "render", app] + arguments).map(quoted).joined(separator: " ")
            // A screen hides what goes to standard error (prints, warnings): a sample
            // that writes there is shown with a transcript instead.
            if result.status != 0 || !result.stderr.isEmpty {
                record(
                    "`\(command)` ended with status \(result.status) and wrote to standard error (show it "
                        + "with a `$ theolua render ...` transcript if that is meant):\n\(result.stderr)",
                    at: check.block)
            }
            compare(check.block, shown: check.block.lines, printed: lines(of: result.stdout), by: command)
        case .transcript:
            let printed = runInFolder(check.files) { folder in replay(check.block.lines, in: folder) }
            compare(check.block, shown: check.block.lines, printed: printed, by: "the transcript")
        case .swiftProgram(let source, let output):
            guard let output, !SwiftSamples.isSanitized else {
                if case .failure(let error) = SwiftSamples.typecheck(source, from: check.block) {
                    record(error.description, at: check.block)
                }
                return
            }
            switch SwiftSamples.run(source, from: check.block) {
            case .failure(let error):
                record(error.description, at: check.block)
            case .success(let result):
                if result.status != 0 {
                    record("the program ended with status \(result.status):\n\(result.stderr)", at: check.block)
                }
                compare(output, shown: output.lines, printed: lines(of: result.stdout), by: "the program above")
            }
        }
    }

    /// Guards the harness itself: the documents are found and their samples read, so
    /// that a wrong path cannot pass by finding nothing.
    @Test func everyDocumentWithSamplesIsRead() {
        let checks = DocSamples.all
        for document in ["README.md", "docs/lua-api.md", "docs/embedding.md"] {
            #expect(DocSamples.documents.contains(document))
            #expect(checks.contains { $0.block.file == document }, "no samples read from \(document)")
        }
        #expect(checks.contains { if case .screen = $0.kind { true } else { false } })
        #expect(checks.contains { if case .transcript = $0.kind { true } else { false } })
        #expect(checks.contains { if case .swiftProgram(_, .some) = $0.kind { true } else { false } })
    }

    @Test func markupIsReadAsDocumented() {
        let text = """
            ```lua todo.lua
            return 1
            ```
            ```text render --size 40x8 --keys "tab enter"
            screen
            ```
            ```lua fragment
            x
            ```
            ```text render
            ```
              ```swift
              let x = 1
              ```
              ```text output
              1
              ```
            ```
            $ theolua check todo.lua
            ok
            ```
            ```
            plain
            ```
            """
        let checks = DocSamples.read(Markdown.fencedBlocks(in: text, file: "doc.md"))
        #expect(checks.map(\.location) == ["doc.md:4", "doc.md:10", "doc.md:12", "doc.md:18", "doc.md:22"])
        guard checks.count == 5 else { return }
        guard case .screen("todo.lua", let arguments) = checks[0].kind else {
            Issue.record("not a screen: \(checks[0].kind)")
            return
        }
        #expect(arguments == ["--size", "40x8", "--keys", "tab enter"])
        #expect(checks[0].files.map(\.name) == ["todo.lua"])
        #expect(checks[0].files.first?.source == "return 1\n")
        guard case .problem = checks[1].kind else {
            Issue.record("a screen under a fragment is not a problem: \(checks[1].kind)")
            return
        }
        guard case .swiftProgram("let x = 1\n", let output) = checks[2].kind else {
            Issue.record("not a Swift program: \(checks[2].kind)")
            return
        }
        #expect(output?.lines == ["1"])
        guard case .transcript = checks[3].kind, case .problem = checks[4].kind else {
            Issue.record("not a transcript and a problem: \(checks[3].kind), \(checks[4].kind)")
            return
        }
        #expect(checks[3].files.map(\.name) == ["todo.lua"])
    }

    @Test func blocksTheHarnessCannotClassifyFail() {
        let text = """
            ```lua fragmnet
            ```
            ```lua module
            ```
            ```python
            ```
            ```text screen
            ```
            ```text output
            ```
            ```text render --keys "tab
            ```
            ```lua
            never closed
            """
        let checks = DocSamples.read(Markdown.fencedBlocks(in: text, file: "doc.md"))
        #expect(
            checks.map(\.location) == [
                "doc.md:1", "doc.md:3", "doc.md:5", "doc.md:7", "doc.md:9", "doc.md:11", "doc.md:13",
            ])
        for check in checks {
            guard case .problem = check.kind else {
                Issue.record("\(check.location) is not a problem: \(check.kind)")
                continue
            }
        }
    }

    @Test func shellWordsAreSplitAsByAShell() {
        #expect(
            shellWords(#"render a.lua --keys "tab enter" --props '{"a":"b c"}'"#)
                == ["render", "a.lua", "--keys", "tab enter", "--props", #"{"a":"b c"}"#])
        #expect(shellWords(#"a "b\"c\n" d\ e"#) == ["a", #"b"c\n"#, "d e"])
        #expect(shellWords("'open") == nil)
    }

    // MARK: Running

    /// Writes `files` into a new scratch folder, runs `body` with its path, removes it.
    private func runInFolder<T>(_ files: [SampleFile], _ body: (String) -> T) -> T {
        let folder = Files.temporaryFolder()
        defer { Files.removeTree(folder) }
        for file in files {
            let path = folder + "/" + file.name
            if let slash = path.lastIndex(of: "/") { Files.makeFolder(String(path[..<slash])) }
            Files.write(file.source, to: path)
        }
        return body(folder)
    }

    /// Runs a transcript's commands and returns it as it would read with what they
    /// printed: each `$ command` line, then its standard output, then its standard error.
    /// A file argument names a file of the document (written in `folder`) or, failing
    /// that, a path in the package (`Examples/counter.lua`).
    private func replay(_ transcript: [String], in folder: String) -> [String] {
        var printed: [String] = []
        var status: Int32 = 0
        for line in transcript where line.hasPrefix("$ ") {
            printed.append(line)
            let words = shellWords(String(line.dropFirst(2))) ?? []
            switch words.first {
            case "theolua":
                let arguments = words.dropFirst().map { word -> String in
                    guard word.hasSuffix(".lua") else { return word }
                    if Files.read(folder + "/" + word) != nil { return folder + "/" + word }
                    if Files.read(Paths.package + "/" + word) != nil { return Paths.package + "/" + word }
                    return word
                }
                let result = runTheolua(arguments)
                status = result.status
                printed += lines(of: result.stdout) + lines(of: result.stderr)
            case "echo" where words == ["echo", "$?"]:
                printed.append("\(status)")
            default:
                printed.append("(the harness runs only `theolua ...` and `echo $?`, not this command)")
            }
        }
        return printed.map { $0.replacing(folder + "/", with: "") }
    }

    // MARK: Comparing

    /// Records a difference between the lines a block shows and those a run printed,
    /// numbered as the document's lines.
    private func compare(_ block: FencedBlock, shown: [String], printed: [String], by source: String) {
        // The docs show ESC as ^[ (in screens printed with --ansi).
        let printed = printed.map { $0.replacing("\u{1B}", with: "^[") }
        guard printed != shown else { return }
        record(
            "what \(source) printed differs from the block (- as the document shows it, + as printed):\n"
                + Golden.difference(
                    expected: shown.joined(separator: "\n"), actual: printed.joined(separator: "\n"),
                    firstLine: block.line + 1),
            at: block)
    }

    /// Records a failure at `block`, named by its file and line.
    private func record(_ message: String, at block: FencedBlock) {
        Issue.record(
            Comment(rawValue: "\(block.file):\(block.line): " + message), sourceLocation: block.sourceLocation)
    }

    /// The lines of a process's output: its text split at newlines, without the empty
    /// line after the last one.
    private func lines(of output: String) -> [String] {
        var lines = output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }
        return lines
    }

    /// A command-line word as a shell would need it written.
    private func quoted(_ word: String) -> String {
        word.contains(where: { " \"'$\\{}".contains($0) }) ? "'" + word.replacing("'", with: #"'\''"#) + "'" : word
    }
}

extension FencedBlock {
    /// The block's place in its document, for an issue to point at.
    var sourceLocation: SourceLocation {
        SourceLocation(
            fileID: "theolua/" + file, filePath: Paths.package + "/" + file, line: line, column: 1)
    }
}
