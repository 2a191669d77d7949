import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A file a sample check writes into its scratch folder before it runs: a Lua app or
/// module of the same document, under the name its info string gives.
struct SampleFile: Sendable {
    var name: String
    var source: String
}

/// One thing the documentation shows that a test can check, found by
/// `DocSamples.read(...)`; CONTRIBUTING.md describes the markup that makes them.
struct DocCheck: Sendable, CustomTestStringConvertible {
    enum Kind: Sendable {
        /// `theolua render APP ARGUMENTS` prints the screen shown in `block`.
        case screen(app: String, arguments: [String])
        /// `theolua check APP` prints `ok`: a Lua app no screen or transcript runs.
        case check(app: String)
        /// A shell session of `theolua` commands (`$ theolua ...`, `$ echo $?`), each
        /// followed by what it prints.
        case transcript
        /// A whole Swift program, type-checked against the built modules; with the
        /// output shown under it, built and run as well, and its output compared.
        case swiftProgram(source: String, output: FencedBlock?)
        /// A block the harness cannot classify, or markup it cannot read.
        case problem(String)
    }

    var kind: Kind
    /// The block checked: the screen, the transcript, the sample itself or the one
    /// with the problem.
    var block: FencedBlock
    /// The files of the document the check writes first (its app, and the modules and
    /// named apps shown before it).
    var files: [SampleFile] = []

    /// `docs/lua-api.md:883`.
    var location: String { "\(block.file):\(block.line)" }
    var testDescription: String { location }
}

/// Reads the fenced blocks of the documentation into checks.
///
/// Every block is classified by its info string, and a block the harness cannot
/// classify becomes a `.problem` check that fails, so nothing is skipped unseen:
/// - `lua`: a whole app. The screens and transcripts that follow run it; when none
///   does, `theolua check` must load it. `lua NAME.lua` also saves it as NAME.lua for
///   the transcripts and apps after it.
/// - `lua module NAME.lua`: a module the apps after it may `require`; not run alone.
/// - `lua fragment`, `swift fragment`: part of a program, never run.
/// - `swift`: a whole program, type-checked; `text output` under it is what it prints.
/// - `text render ARGUMENTS`: the screen of the Lua app above it, rendered with
///   `theolua render APP ARGUMENTS`.
/// - a bare block starting with `$ `: a transcript, run command by command.
/// - `text`, `json`, `sh`: plain text, not checked.
enum DocSamples {
    /// The Markdown files users read, relative to the package: README.md,
    /// Examples/README.md and docs/*.md.
    static let documents: [String] = {
        var files = ["README.md", "Examples/README.md"]
        if let directory = opendir(Paths.package + "/docs") {
            var names: [String] = []
            while let entry = readdir(directory) {
                let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                    String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
                }
                if name.hasSuffix(".md") { names.append(name) }
            }
            closedir(directory)
            files += names.sorted().map { "docs/" + $0 }
        }
        return files
    }()

    /// The checks of every document, in document order.
    static let all: [DocCheck] = documents.flatMap { file in
        guard let text = Files.read(Paths.package + "/" + file) else {
            let block = FencedBlock(file: file, line: 1, info: "", lines: [])
            return [DocCheck(kind: .problem("cannot read \(file)"), block: block)]
        }
        return read(Markdown.fencedBlocks(in: text, file: file))
    }

    /// Plain languages: blocks the harness leaves alone.
    static let plainLanguages: Set<String> = ["text", "json", "sh"]

    /// The checks of one document's blocks.
    static func read(_ blocks: [FencedBlock]) -> [DocCheck] {
        var checks: [DocCheck] = []
        // The named apps and modules so far, and the sample the next output belongs to.
        var named: [SampleFile] = []
        var sample: (block: FencedBlock, app: String?, files: [SampleFile], runs: Int)?
        var swiftOutput: FencedBlock?

        func closeSample() {
            guard let current = sample else { return }
            if let app = current.app, current.runs == 0 {
                checks.append(DocCheck(kind: .check(app: app), block: current.block, files: current.files))
            }
            if current.block.language == "swift" && current.app == nil
                && current.block.attributes.isEmpty
            {
                checks.append(
                    DocCheck(
                        kind: .swiftProgram(source: current.block.text, output: swiftOutput), block: current.block))
            }
            sample = nil
            swiftOutput = nil
        }
        func problem(_ block: FencedBlock, _ message: String) {
            checks.append(DocCheck(kind: .problem(message), block: block))
        }

        for block in blocks {
            if block.isUnclosed {
                problem(block, "the block has no closing fence")
                continue
            }
            guard let words = shellWords(block.attributes) else {
                problem(block, "the info string `\(block.info)` leaves a quote open")
                continue
            }
            switch block.language {
            case "lua":
                closeSample()
                let names = words.filter { $0.hasSuffix(".lua") }
                let modes = words.filter { !$0.hasSuffix(".lua") }
                guard names.count <= 1, modes.count <= 1, modes.allSatisfy({ $0 == "fragment" || $0 == "module" })
                else {
                    problem(
                        block,
                        "cannot read `lua \(block.attributes)`: write `lua`, `lua NAME.lua`, "
                            + "`lua module NAME.lua` or `lua fragment`")
                    continue
                }
                let name = names.first
                switch modes.first {
                case "fragment":
                    if name != nil { problem(block, "a fragment is never run, so it takes no file name") }
                    sample = (block, nil, [], 0)
                case "module":
                    guard let name else {
                        problem(block, "a module needs the name apps require it by: `lua module NAME.lua`")
                        continue
                    }
                    named.removeAll { $0.name == name }
                    named.append(SampleFile(name: name, source: block.text))
                    sample = (block, nil, [], 0)
                default:
                    let app = name ?? "app.lua"
                    let file = SampleFile(name: app, source: block.text)
                    let files = named.filter { $0.name != app } + [file]
                    if let name {
                        named.removeAll { $0.name == name }
                        named.append(file)
                    }
                    sample = (block, app, files, 0)
                }
            case "swift":
                closeSample()
                if !(words.isEmpty || words == ["fragment"]) {
                    problem(block, "cannot read `swift \(block.attributes)`: write `swift` or `swift fragment`")
                    continue
                }
                sample = (block, nil, [], 0)
            case "text" where words.first == "render":
                guard let current = sample, let app = current.app else {
                    problem(block, "a `text render` screen must follow the Lua app it shows (a `lua` block)")
                    continue
                }
                checks.append(
                    DocCheck(
                        kind: .screen(app: app, arguments: Array(words.dropFirst())), block: block,
                        files: current.files))
                sample?.runs += 1
            case "text" where words.first == "output":
                guard let current = sample, current.block.language == "swift", current.block.attributes.isEmpty,
                    swiftOutput == nil
                else {
                    problem(block, "a `text output` block must follow the whole Swift program that prints it, once")
                    continue
                }
                swiftOutput = block
            case let language where plainLanguages.contains(language):
                if !words.isEmpty {
                    problem(
                        block, "cannot read `\(block.info)`: write `text`, `text render ARGUMENTS` or `text output`")
                }
            case "" where block.lines.first?.hasPrefix("$ ") == true:
                // A transcript runs the named apps shown before it; those it names count as run.
                let commands = block.lines.filter { $0.hasPrefix("$ ") }.map { shellWords(String($0.dropFirst(2))) }
                if commands.contains(where: { $0 == nil }) {
                    problem(block, "a command of the transcript leaves a quote open")
                    continue
                }
                let mentioned = Set(commands.compactMap { $0 }.joined())
                if let current = sample, let app = current.app, mentioned.contains(app) { sample?.runs += 1 }
                checks.append(DocCheck(kind: .transcript, block: block, files: named))
            case "":
                problem(
                    block,
                    "a bare block must be a transcript (its first line `$ theolua ...`); "
                        + "otherwise name its language: `text` for plain text, `text render ARGUMENTS` for a screen")
            default:
                problem(
                    block,
                    "unknown language `\(block.language)`: samples are `lua` or `swift`, "
                        + "plain blocks `text`, `json` or `sh`")
            }
        }
        closeSample()
        return checks.sorted { $0.block.line < $1.block.line }
    }
}
