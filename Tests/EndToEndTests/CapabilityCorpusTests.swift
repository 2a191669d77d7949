import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Scripts written to get past the grants of `--allow-read` and `--allow-run`
/// (`Capabilities/*.lua`): links swapped while they read, rotations, devices, FIFOs,
/// environment tricks, grandchildren that leave their group, snapshot names and folders.
/// Each runs through the built binary beside a folder of secrets, and must never show
/// what is in it, never leave a process behind, and end as its header says.
///
/// A case's header is comment lines before the code, those of the hostile corpus
/// (``HostileCorpusTests``: attack, run, status, stderr, stdout) and:
///
/// ```lua
/// -- setup: mkdir data && ln -s "$OUTSIDE/secret.txt" data/link   (shell, in the app's folder)
/// -- file: app_test.lua             (the name the case is saved as; app.lua by default)
/// -- survivors: sleep 7101          (no process's command line may hold this afterwards)
/// -- outside-absent: created.txt    (this must not exist in the outside folder afterwards)
/// -- outside-unchanged: victim.txt  (this file of the outside folder keeps its content)
/// ```
///
/// In `run` and `setup`, `$DIR` is the app's folder and `$OUTSIDE` the folder of
/// secrets, which holds `secret.txt` ("TOPSECRET"), `secret.lua` and `victim.txt`; the
/// app's path is added after the command unless `run` names `$APP` or is a `test`
/// (which names what it runs). `where.lua` beside the app returns
/// the outside folder's path, for scripts that aim at it. A status of 128 or more is a
/// death by that signal (a case that has a granted command kill theolua).
@Suite struct CapabilityCorpusTests {
    static let folder = Paths.package + "/Tests/EndToEndTests/Capabilities"

    static let names: [String] = HostileCorpusTests.luaFiles(in: folder)

    @Test func theCorpusHasAtLeastSixtyCases() {
        #expect(Self.names.count >= 60)
    }

    @Test(arguments: names)
    func aCapabilityAttackIsRefused(_ name: String) throws {
        guard let source = Files.read(Self.folder + "/" + name + ".lua") else {
            Issue.record("cannot read \(name).lua")
            return
        }
        let header = Header(source)
        let app = ScriptFolder()
        let outside = ScriptFolder()
        defer {
            Files.removeTree(app.path)
            Files.removeTree(outside.path)
        }
        outside.write("secret.txt", "TOPSECRET\n")
        outside.write("secret.lua", "return 'TOPSECRET'")
        outside.write("victim.txt", "untouched\n")
        app.write("where.lua", "return '\(outside.path)'")
        let path = app.write(header.file, source)
        let variables = ["DIR=\(app.path)", "OUTSIDE=\(outside.path)", "APP=\(path)"]
        for command in header.setup {
            let result = runProcess("/bin/sh", ["-c", "cd \"$DIR\" && " + command], adding: variables)
            #expect(result.status == 0, "\(name): setup failed: \(command): \(result.stderr)")
        }

        var arguments = header.base.run.map { word in
            word.replacingOccurrences("$DIR", app.path).replacingOccurrences("$OUTSIDE", outside.path)
                .replacingOccurrences("$APP", path)
        }
        if arguments[0] != "test" && !header.base.run.contains(where: { $0.contains("$APP") }) {
            arguments.insert(path, at: 1)
        }
        if arguments[0] == "render" && !arguments.contains("--size") { arguments += ["--size", "400x6"] }
        if arguments[0] != "test" && !arguments.contains("--max-memory") { arguments += ["--max-memory", "64"] }
        let result = runTheolua(arguments, timeout: HostileCorpusTests.timeLimit)

        let context =
            "\(name): \(header.base.attack)\nstatus \(result.status)\nstdout: \(result.stdout.prefix(600))\nstderr: \(result.stderr.prefix(600))"
        #expect(!result.timedOut, "hung: \(context)")
        #expect(header.base.statuses.contains(result.status), "\(context)")
        #expect(result.signalled == (result.status >= 128), "\(context)")
        #expect(!result.stdout.contains("TOPSECRET") && !result.stderr.contains("TOPSECRET"), "leaked: \(context)")
        if let pattern = header.base.stderr {
            #expect(result.stderr.contains(try Regex(pattern)), "stderr does not match /\(pattern)/: \(context)")
        }
        if let pattern = header.base.stdout {
            #expect(result.stdout.contains(try Regex(pattern)), "stdout does not match /\(pattern)/: \(context)")
        }
        let bound = Sanitizer.allowance(
            for: header.base.memoryCap * 1024 + HostileCorpusTests.runtimeAllowanceKilobytes)
        #expect(result.peakKilobytes <= bound, "peak memory \(result.peakKilobytes) KiB over \(bound) KiB: \(context)")
        for token in header.survivors {
            #expect(Survivors.none(holding: token), "a process holding '\(token)' outlived theolua: \(context)")
        }
        for file in header.outsideAbsent {
            var info = stat()
            #expect(lstat(outside.path + "/" + file, &info) != 0, "\(file) was made outside: \(context)")
        }
        for file in header.outsideUnchanged {
            #expect(Files.read(outside.path + "/" + file) == "untouched\n", "\(file) was changed outside: \(context)")
        }
    }

    /// A capability case's header: the hostile corpus's, and its own keys.
    struct Header {
        var base: HostileCorpusTests.Header
        var setup: [String] = []
        var file = "app.lua"
        var survivors: [String] = []
        var outsideAbsent: [String] = []
        var outsideUnchanged: [String] = []

        init(_ source: String) {
            base = HostileCorpusTests.Header(source)
            for line in source.split(separator: "\n") {
                guard line.hasPrefix("-- "), let colon = line.firstIndex(of: ":") else { break }
                let key = line.dropFirst(3)[..<colon]
                let value = String(line[line.index(after: colon)...].drop { $0 == " " })
                switch key {
                case "setup": setup.append(value)
                case "file": file = value
                case "survivors": survivors.append(value)
                case "outside-absent": outsideAbsent.append(value)
                case "outside-unchanged": outsideUnchanged.append(value)
                default: break
                }
            }
        }
    }
}

/// Processes left over, found by their command lines in /proc.
enum Survivors {
    /// Whether, within `seconds`, no process's command line (arguments joined by
    /// spaces) holds `token`: what a case started has had time to be reaped.
    static func none(holding token: String, within seconds: Double = 2) -> Bool {
        let deadline = ContinuousClock.now + .seconds(Sanitizer.time(seconds))
        while ContinuousClock.now < deadline {
            if !exists(holding: token) { return true }
            usleep(50_000)
        }
        return !exists(holding: token)
    }

    private static func exists(holding token: String) -> Bool {
        guard let directory = opendir("/proc") else { return false }
        defer { closedir(directory) }
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
            }
            guard !name.isEmpty, name.allSatisfy(\.isNumber), pid_t(name) != getpid() else { continue }
            guard let line = Files.read("/proc/\(name)/cmdline"), !line.isEmpty else { continue }
            // A zombie has an empty command line and has ended already.
            if line.replacingOccurrences("\0", " ").contains(token) { return true }
        }
        return false
    }
}
