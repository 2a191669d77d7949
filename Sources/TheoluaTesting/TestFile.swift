import TheoluaRuntime

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// One test script run: a runtime for the script itself, where `theolua.test` lives,
/// and a runtime of its own for each app a test mounts. Uses the public `Runtime` API
/// only, as any host could.
final class TestFile {
    /// How one test ended.
    struct Outcome {
        var name: String
        var failure: String?
        /// The screen of the app the test used last, when it failed.
        var screen: String?
        /// What the test and its apps printed, when it failed.
        var printed: [String] = []
        var seconds: Double
    }

    let path: String
    let options: TestOptions
    private let folder: String
    private let runner: Runtime
    private var names: [String] = []
    /// The apps the running test mounted, by id.
    private var apps: [Int: MountedApp] = [:]
    private var nextApp = 1
    private var lastApp: Int?
    private var running: Int?
    private var failure: String?
    /// What the running test and its apps printed, shown under the test when it fails.
    private var printed: [String] = []
    /// The running test's scratch folders (`t.scratch`), removed after it.
    private var scratches: [ScratchFolder] = []

    final class MountedApp {
        let runtime: Runtime
        var emitted: [Value] = []
        /// What the app wrote with `ui.print` so far, in order.
        var printed: [String] = []
        init(runtime: Runtime) { self.runtime = runtime }
    }

    init(path: String, options: TestOptions) throws {
        self.path = path
        self.options = options
        // Absolute: the gates of its snapshots and apps take relative grants from it.
        folder = Paths.absolute(Paths.parent(of: path), in: ".")
        runner = try Runtime(options: Self.virtual(options.runtime), width: 80, height: 24)
        runner.onLog = { [unowned self] line in printed.append(line) }
        try registerFunctions()
        try runner.registerModule(TestModule.name, source: TestModule.source)
    }

    /// Loads the script (which registers its tests) and runs the tests whose names
    /// contain `filter`, calling `report` after each. Throws when the script fails to load.
    func run(filter: String?, report: (Outcome) -> Void) throws(ScriptError) {
        try runner.runScript(file: path)
        for (index, name) in names.enumerated() where filter.map({ name.contains($0) }) ?? true {
            running = index
            failure = nil
            lastApp = nil
            printed = []
            let start = ContinuousClock.now
            do {
                try runner.runScript(source: "require('theolua.test').__run(\(index + 1))", name: "test runner")
            } catch {
                failure = failure ?? error.description
            }
            let errors = runner.takeErrors()
            if failure == nil, let first = errors.first { failure = first }
            let elapsed = ContinuousClock.now - start
            let screen = failure == nil ? nil : lastApp.flatMap { apps[$0]?.runtime.text }
            report(
                Outcome(
                    name: name, failure: failure, screen: screen, printed: failure == nil ? [] : printed,
                    seconds: Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18))
            for app in apps.values { app.runtime.unmount() }
            apps = [:]
            for scratch in scratches { scratch.remove() }
            scratches = []
            running = nil
        }
    }

    // MARK: The functions behind theolua.test

    private func registerFunctions() throws(ScriptError) {
        try runner.registerModuleFunction("__testRegister") { [unowned self] arguments in
            names.append(arguments.first?.stringValue ?? "")
            return .null
        }
        try runner.registerModuleFunction("__testFail") { [unowned self] arguments in
            failure = arguments.dropFirst().first?.stringValue ?? "failed"
            return .null
        }
        try runner.registerModuleFunction("__testMount") { [unowned self] arguments in
            try mount(arguments.first?.stringValue ?? "", options: arguments.dropFirst().first?.recordValue ?? Record())
        }
        try runner.registerModuleFunction("__testPress") { [unowned self] arguments in
            let app = try self.app(arguments)
            for key in arguments.dropFirst().first?.arrayValue ?? [] {
                for event in try InputEvent.parse(script: key.stringValue ?? "") where !app.runtime.quitRequested {
                    app.runtime.send(event)
                }
            }
            try settle(app)
            return .null
        }
        try runner.registerModuleFunction("__testType") { [unowned self] arguments in
            let app = try self.app(arguments)
            for character in arguments.dropFirst().first?.stringValue ?? "" where !app.runtime.quitRequested {
                app.runtime.send(character == "\n" ? KeyEvent(.enter) : KeyEvent.character(character))
            }
            try settle(app)
            return .null
        }
        try runner.registerModuleFunction("__testPaste") { [unowned self] arguments in
            let app = try self.app(arguments)
            if !app.runtime.quitRequested { app.runtime.paste(arguments.dropFirst().first?.stringValue ?? "") }
            try settle(app)
            return .null
        }
        try runner.registerModuleFunction("__testAdvance") { [unowned self] arguments in
            let app = try self.app(arguments)
            app.runtime.advance(by: arguments.dropFirst().first?.doubleValue ?? 0)
            try settle(app)
            return .null
        }
        try runner.registerModuleFunction("__testResize") { [unowned self] arguments in
            let app = try self.app(arguments)
            let size = arguments.dropFirst().compactMap(\.intValue)
            guard size.count == 2, size.allSatisfy({ (1...2_000).contains($0) }) else {
                throw TestError("app:resize: expected a width and a height from 1 to 2000")
            }
            app.runtime.resize(width: size[0], height: size[1])
            return .null
        }
        try runner.registerModuleFunction("__testScreen") { [unowned self] arguments in
            let app = try self.app(arguments)
            return .string(arguments.dropFirst().first?.boolValue == true ? app.runtime.ansiText : app.runtime.text)
        }
        try runner.registerModuleFunction("__testFind") { [unowned self] arguments in
            let app = try self.app(arguments)
            let name = arguments.dropFirst().first?.stringValue ?? ""
            let key = arguments.dropFirst(2).first
            let found = app.runtime.componentTree.flatMap(\.all).first { snapshot in
                snapshot.name == name && (key == nil || key == .null || snapshot.key?.value == key)
            }
            guard let found else { return .null }
            return .record(["props": found.props, "state": found.state, "renders": .int(found.renderCount)])
        }
        try runner.registerModuleFunction("__testEmitted") { [unowned self] arguments in
            .array(ValueArray(try self.app(arguments).emitted))
        }
        try runner.registerModuleFunction("__testPrinted") { [unowned self] arguments in
            let app = try self.app(arguments)
            app.printed += app.runtime.takePrinted()
            return .array(ValueArray(app.printed.map(Value.string)))
        }
        try runner.registerModuleFunction("__testClipboard") { [unowned self] arguments in
            try self.app(arguments).runtime.clipboard.map(Value.string) ?? .null
        }
        try runner.registerModuleFunction("__testPrograms") { [unowned self] arguments in
            let programs = try self.app(arguments).runtime.pendingPrograms.map { program -> Value in
                .record(["command": .string(program.command), "args": .array(ValueArray(program.arguments.map(Value.string)))])
            }
            return .array(ValueArray(programs))
        }
        try runner.registerModuleFunction("__testFinishProgram") { [unowned self] arguments in
            let app = try self.app(arguments)
            guard let program = app.runtime.takeProgram() else {
                throw TestError("app:finishProgram: no program is waiting (the app has not called ui.exec)")
            }
            let code = arguments.dropFirst().first?.intValue ?? 0
            guard (0...255).contains(code) else { throw TestError("app:finishProgram: the exit code must be 0 to 255") }
            app.runtime.finish(program, Subprocess.Termination(code: Int32(code), signal: nil))
            try settle(app)
            return .null
        }
        try runner.registerModuleFunction("__testScratch") { [unowned self] arguments in
            let scratch = try ScratchFolder(prefix: "theolua-test-")
            scratches.append(scratch)
            for (name, content) in arguments.first?.recordValue ?? Record() {
                try writeScratch(scratch.path, name, content, what: "t.scratch")
            }
            return .string(scratch.path)
        }
        try runner.registerModuleFunction("__testScratchWrite") { [unowned self] arguments in
            let folder = try self.scratch(arguments.first, what: "scratch:write")
            try writeScratch(
                folder, arguments.dropFirst().first?.stringValue ?? "", arguments.dropFirst(2).first ?? .null,
                what: "scratch:write")
            return .null
        }
        try runner.registerModuleFunction("__testScratchRead") { [unowned self] arguments in
            let folder = try self.scratch(arguments.first, what: "scratch:read")
            let name = arguments.dropFirst().first?.stringValue ?? ""
            // Nil when missing, as a test asks whether the app made it.
            guard
                let bytes = try? FileGate(.only([folder]), relativeTo: folder)
                    .read(name, limit: 64 << 20, followingLinks: false)
            else { return .null }
            return .string(String(decoding: bytes, as: UTF8.self))
        }
        try runner.registerModuleFunction("__testSnapshot") { [unowned self] arguments in
            let app = try self.app(arguments)
            return try snapshot(stable(app.runtime.text), named: arguments.dropFirst().first?.stringValue)
        }
    }

    private func app(_ arguments: [Value]) throws -> MountedApp {
        guard let id = arguments.first?.intValue, let app = apps[id] else {
            throw TestError("this app was mounted by another test; mount it again in this one")
        }
        lastApp = id
        return app
    }

    /// Mounts the app at `path` (relative to the test file) in a runtime of its own.
    /// Loading a file is reading it: the app must be in the test's folder (or, for a
    /// test in a `tests` folder, the folder above), or in what `--allow-read` grants,
    /// links resolved; it is opened through that gate (``appGate``).
    private func mount(_ path: String, options record: Record) throws -> Value {
        let (width, height) = try size(record["size"])
        var appOptions = Self.virtual(options.runtime)
        (appOptions.permissions, appOptions.allowIO) = try grants(record["allow"])
        appOptions.workingFolder = try workingFolder(record["cwd"])
        let runtime = try Runtime(options: appOptions, width: width, height: height)
        let app = MountedApp(runtime: runtime)
        runtime.onEmit = { [unowned app] name, payload in
            app.emitted.append(.record(["name": .string(name), "payload": payload]))
        }
        runtime.onLog = { [unowned self] line in printed.append("app: " + line) }
        let file = Paths.absolute(path, in: folder)
        try runtime.load(file: file, through: appGate)
        try runtime.mount(props: record["props"]?.recordValue ?? Record())
        let id = nextApp
        nextApp += 1
        apps[id] = app
        lastApp = id
        try settle(app)
        return .int(id)
    }

    /// `options` on a virtual clock: a test's apps, and the test script itself, read
    /// `os.time` and `os.date` from their run loops (from 2000-01-01 UTC
    /// unless the host chose another epoch), so a screen showing the time is the same on
    /// every run and moves with `app:advance`.
    static func virtual(_ options: Runtime.Options) -> Runtime.Options {
        var options = options
        if options.wallClock == .system { options.wallClock = .headless }
        return options
    }

    /// The folder `t.mount`'s `cwd` names (relative to the test's folder), where the
    /// app's relative paths start; nil (the app's folder) when not given. It grants
    /// nothing: reading and writing there still need `allow`.
    private func workingFolder(_ value: Value?) throws -> String? {
        guard let value, value != .null else { return nil }
        guard let text = value.stringValue, !text.isEmpty else {
            throw TestError("t.mount: cwd must be a folder's path as a string, got \(value.typeName)")
        }
        return Paths.resolved(Paths.absolute(text, in: folder))
    }

    /// Lets spawned processes finish, as `render` does; prints the app's warnings (an
    /// unhandled action, a paste too large), as `render` writes them to standard error;
    /// fails the call with the app's first error.
    private func settle(_ app: MountedApp) throws {
        app.runtime.waitForProcesses(timeout: .seconds(5))
        for warning in app.runtime.takeWarnings() { print(TerminalText.printable("  warning: " + warning)) }
        if let error = app.runtime.takeErrors().first { throw TestError(error) }
    }

    private func size(_ value: Value?) throws -> (Int, Int) {
        guard let text = value?.stringValue else { return (80, 24) }
        let parts = text.lowercased().split(separator: "x").compactMap { Int($0) }
        guard parts.count == 2, parts.allSatisfy({ (1...2_000).contains($0) }) else {
            throw TestError("t.mount: size must look like \"40x8\", got \"\(text)\"")
        }
        return (parts[0], parts[1])
    }

    /// The gate apps a test mounts are opened through: the test's folder, and the folder
    /// above it when the test's folder is a folder of tests (`tests`, `test`, `spec`,
    /// `__tests__`) beside the app; more only as `--allow-read` grants.
    private var appGate: FileGate {
        let absolute = Paths.normalized(Paths.absolute(folder, in: "."))
        var folders = [absolute]
        if Self.testFolderNames.contains(Paths.name(of: absolute)) { folders.append(Paths.parent(of: absolute)) }
        switch options.runtime.permissions.read {
        case .all: return FileGate(.all, relativeTo: folder)
        case .only(let granted): folders += granted
        case .none: break
        }
        return FileGate(.only(folders), relativeTo: folder)
    }

    /// The names of folders that hold the tests of the app in the folder above.
    static let testFolderNames: Set<String> = ["tests", "test", "spec", "__tests__"]

    /// The grants `allow` may ask for.
    static let grantNames = ["run", "read", "write", "net", "io"]

    /// What `allow = { run = ..., read = ..., write = ..., io = ... }` asks for, within
    /// what `theolua test` was granted: a test cannot widen the sandbox, and an app gets
    /// nothing the test did not ask for. `read` and `write` are `true` (the command's
    /// grant) or a list of folders relative to the test's folder, each inside it.
    private func grants(_ value: Value?) throws -> (permissions: Permissions, allowIO: Bool) {
        guard let value, value != .null else { return (Permissions(), false) }
        guard let allow = value.recordValue else {
            throw TestError("t.mount: allow must be a table such as { read = true }, got \(value.typeName)")
        }
        for key in allow.keys where !Self.grantNames.contains(key) {
            throw TestError("t.mount: allow has no grant '\(key)' (it takes run, read, write, net and io)")
        }
        var granted = Permissions()
        let cli = options.runtime.permissions
        if asked(allow["run"]) {
            guard cli.run != .none else { throw TestError("t.mount: allow.run needs theolua test --allow-run") }
            granted.run = cli.run
        }
        granted.read = try folders(allow["read"], named: "read", within: cli.read)
        granted.write = try folders(allow["write"], named: "write", within: cli.write)
        granted.net = try hosts(allow["net"], within: cli.net)
        let io = asked(allow["io"])
        if io && !options.runtime.allowIO { throw TestError("t.mount: allow.io needs theolua test --allow-io") }
        return (granted, io)
    }

    /// Whether a grant is asked for: anything but nil and false.
    private func asked(_ value: Value?) -> Bool {
        value != nil && value != .null && value != .bool(false)
    }

    /// The hosts `allow.net` asks for: `true` for the command's grant, or a list of
    /// `HOST` or `HOST:PORT`, each within what the command grants.
    private func hosts(_ value: Value?, within command: Permissions.Hosts) throws -> Permissions.Hosts {
        guard asked(value) else { return .none }
        guard command != .none else { throw TestError("t.mount: allow.net needs theolua test --allow-net") }
        if value == .bool(true) { return command }
        guard let items = value?.arrayValue?.values, !items.isEmpty else {
            throw TestError("t.mount: allow.net must be true or a list of hosts, got \(value?.typeName ?? "nil")")
        }
        var asked: [String] = []
        for item in items {
            guard let entry = item.stringValue, NetGate.parseGrant(entry).host != nil else {
                throw TestError("t.mount: allow.net lists hosts as \"HOST\" or \"HOST:PORT\", got \(item)")
            }
            if case .only(let granted) = command, !granted.contains(where: { NetGate.grant($0, covers: entry) }) {
                throw TestError("t.mount: allow.net asks for \(entry), outside what theolua test --allow-net grants")
            }
            asked.append(entry)
        }
        return .only(asked)
    }

    /// The folders `allow.<name>` asks for, inside `command` (what the command grants).
    private func folders(_ value: Value?, named name: String, within command: Permissions.Folders) throws
        -> Permissions.Folders
    {
        guard asked(value) else { return .none }
        // A scratch folder of the test holds only what the test and its apps put there:
        // granting it widens nothing, so no flag is needed.
        let scratch = { (path: String) in self.scratches.contains { Paths.isInside(path, $0.path) } }
        let items = value?.arrayValue?.values ?? []
        let onlyScratch =
            !items.isEmpty
            && items.allSatisfy { item in
                item.stringValue.map { scratch(Paths.resolved(Paths.absolute($0, in: folder))) } ?? false
            }
        guard command != .none || onlyScratch else {
            throw TestError("t.mount: allow.\(name) needs theolua test --allow-\(name)")
        }
        if value == .bool(true) { return command }
        guard !items.isEmpty else {
            throw TestError("t.mount: allow.\(name) must be true or a list of folders, got \(value?.typeName ?? "nil")")
        }
        var asked: [String] = []
        for item in items {
            guard let text = item.stringValue, !text.isEmpty else {
                throw TestError("t.mount: allow.\(name) lists folders as strings, got \(item.typeName)")
            }
            let path = Paths.resolved(Paths.absolute(text, in: folder))
            if !scratch(path), case .only(let granted) = command,
                !granted.contains(where: { Paths.isInside(path, Paths.resolved($0)) })
            {
                throw TestError(
                    "t.mount: allow.\(name) asks for \(text), outside what theolua test --allow-\(name) grants")
            }
            asked.append(path)
        }
        return .only(asked)
    }

    // MARK: Scratch folders

    /// The scratch folder of the running test whose path is `value`.
    private func scratch(_ value: Value?, what: String) throws -> String {
        guard let path = value?.stringValue, scratches.contains(where: { $0.path == path }) else {
            throw TestError("\(what): call it on a scratch folder of this test, from t.scratch()")
        }
        return path
    }

    /// Writes `content` (a string) as `name` in the scratch folder `folder`, making the
    /// folders on the way; no link is followed.
    private func writeScratch(_ folder: String, _ name: String, _ content: Value, what: String) throws {
        guard let text = content.stringValue else {
            throw TestError("\(what): the content of \(name) must be a string, got \(content.typeName)")
        }
        let gate = FileGate(.only([folder]), relativeTo: folder, for: .write)
        do {
            let parent = Paths.parent(of: name)
            if !parent.isEmpty && parent != "." { try gate.makeFolders(parent, followingLinks: false) }
            try gate.replaceFile(name, with: Array(text.utf8), followingLinks: false)
        } catch {
            throw TestError("\(what): \(name): \(error)")
        }
    }

    // MARK: Snapshots

    /// `screen` with the paths of the running test's scratch folders (which are new on
    /// every run) written `<scratch 1>`, `<scratch 2>`, … in the order `t.scratch` made
    /// them: what a snapshot stores and compares.
    private func stable(_ screen: String) -> String {
        var text = screen
        for (index, scratch) in scratches.enumerated() {
            text = text.replacing(scratch.path, with: "<scratch \(index + 1)>")
        }
        return text
    }

    /// Compares `screen` with the stored snapshot (`__snapshots__/<file>/<name>.txt`),
    /// writing it when missing or when updating; returns the mismatch, or nil.
    ///
    /// Snapshots are read and written below the test's folder without following any
    /// link (a linked `__snapshots__` folder, a link left where a snapshot goes): a
    /// test cannot make the runner read or write anything else. A snapshot is replaced
    /// atomically, a link in its place replaced rather than written through.
    private func snapshot(_ screen: String, named name: String?) throws -> Value {
        let testName = running.map { names[$0] } ?? "snapshot"
        let fileName = path.split(separator: "/").last.map(String.init) ?? path
        let stem = Self.safeName(fileName.hasSuffix(".lua") ? String(fileName.dropLast(4)) : fileName)
        let snapshotName = Self.safeName(name ?? testName)
        let folder = "__snapshots__/" + stem
        let file = folder + "/" + snapshotName + ".txt"
        let text = screen + "\n"
        let gate = FileGate(.only([self.folder]), relativeTo: self.folder, for: .write)
        if !options.update, let stored = Self.read(file, through: gate) {
            if stored == text { return .null }
            return .string(
                "snapshot \(snapshotName) differs (run with --update to accept):\n" + Self.difference(stored, text))
        }
        do {
            try gate.makeFolders(folder, followingLinks: false)
            try gate.replaceFile(file, with: Array(text.utf8), followingLinks: false)
        } catch {
            throw TestError("cannot write the snapshot \(self.folder)/\(file): \(error)")
        }
        return .null
    }

    /// `name` as a file name: letters, digits, `_` and `.` kept, every other run of
    /// characters one `-` ("counter › counts with +" → "counter-counts-with"); never
    /// hidden or `..` (a leading `.` becomes `_`), and at most 120 bytes (a longer name
    /// keeps its start and a hash of the whole, so names stay apart).
    static func safeName(_ name: String) -> String {
        var result = ""
        for character in name {
            if character.isLetter || character.isNumber || character == "_" || character == "." {
                result.append(character)
            } else if !result.isEmpty && result.last != "-" {
                result.append("-")
            }
        }
        while result.last == "-" { result.removeLast() }
        if result.hasPrefix(".") { result = "_" + result.dropFirst() }
        if result.utf8.count > 120 {
            var hash: UInt64 = 0xcbf2_9ce4_8422_2325  // FNV-1a of the whole name
            for byte in name.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
            var start = ""
            for character in result where start.utf8.count + character.utf8.count <= 100 { start.append(character) }
            result = start + "-" + String(hash, radix: 16)
        }
        return result.isEmpty ? "snapshot" : result
    }

    /// The lines that differ: `-` as stored, `+` as now, numbered.
    static func difference(_ stored: String, _ now: String) -> String {
        let old = stored.split(separator: "\n", omittingEmptySubsequences: false)
        let new = now.split(separator: "\n", omittingEmptySubsequences: false)
        var lines: [String] = []
        for index in 0..<max(old.count, new.count) {
            let a = index < old.count ? String(old[index]) : nil
            let b = index < new.count ? String(new[index]) : nil
            guard a != b else { continue }
            let number = String(index + 1)
            let margin = String(repeating: " ", count: max(0, 4 - number.count)) + number
            if let a { lines.append(margin + " - " + a) }
            if let b { lines.append(margin + " + " + b) }
        }
        return lines.joined(separator: "\n")
    }

    /// The stored snapshot at `path` below the test's folder, if there is one, read
    /// through `gate` without following links.
    static func read(_ path: String, through gate: FileGate) -> String? {
        (try? gate.read(path, limit: 16 << 20, followingLinks: false)).map { String(decoding: $0, as: UTF8.self) }
    }
}

/// A failure of the test API itself, raised into the test as a script error.
struct TestError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
