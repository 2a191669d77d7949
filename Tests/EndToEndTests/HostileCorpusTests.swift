import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Scripts written to hang, exhaust, crash or escape the host (`Hostile/*.lua`), each run
/// through the built binary: it must end by itself within seconds with the status its
/// header declares (never a signal), say what its header says on standard error (the
/// file and line of the error), and stay under its memory cap plus what the runtime
/// itself needs (more under a sanitizer, see ``Sanitizer``).
///
/// A case's header is comment lines before the code:
///
/// ```lua
/// -- attack: a looping finalizer at the top level
/// -- run: render --time 0.5            (the command and flags; the app path is added)
/// -- status: 1                         (or 0, or 0|1)
/// -- stderr: app\.lua:2: .*budget      (a regular expression standard error must match)
/// -- stdout: ^x                        (one standard output must match)
/// -- symlink: linked.lua -> $OUTSIDE/secret.lua   (a link made beside the app)
/// -- fifo: pipe.lua                    (a FIFO made beside the app)
/// -- clean: true                       (no control but tab and line breaks, C1 included,
///                                       in standard output or standard error)
/// ```
///
/// The app is saved as `app.lua` in a fresh folder. `render` runs at 40x5 and every run
/// at a 64 MiB memory cap and a time limit of 1 s per call (`--max-seconds`; a case that
/// counts instructions sets `--max-instructions`) unless the header sets them.
@Suite struct HostileCorpusTests {
    static let folder = Paths.package + "/Tests/EndToEndTests/Hostile"

    /// What the runtime may use beyond the script's memory cap: its own code and data,
    /// and what the host holds for a script within its limits (a conversion of a million
    /// values, a million mounted elements are each more than a hundred MiB).
    static let runtimeAllowanceKilobytes = 384 * 1024

    /// How long a case may run before it counts as a hang.
    static let timeLimit = 30.0

    static let names: [String] = luaFiles(in: folder)

    /// The names, without `.lua`, of the Lua files in `folder`, sorted.
    static func luaFiles(in folder: String) -> [String] {
        Files.names(in: folder).filter { $0.hasSuffix(".lua") }.map { String($0.dropLast(4)) }
    }

    @Test func theCorpusHasAtLeastFortyCases() {
        #expect(Self.names.count >= 40)
    }

    @Test(arguments: names)
    func aHostileScriptEndsAsItsHeaderSays(_ name: String) throws {
        guard let source = Files.read(Self.folder + "/" + name + ".lua") else {
            Issue.record("cannot read \(name).lua")
            return
        }
        let header = Header(source)
        let app = ScriptFolder()
        let outside = ScriptFolder()
        defer {
            app.remove()
            outside.remove()
        }
        let path = app.write("app.lua", source)
        outside.write("secret.lua", "return 'secret'")
        for (link, target) in header.symlinks {
            symlink(target.replacingOccurrences("$OUTSIDE", outside.path), app.path + "/" + link)
        }
        for fifo in header.fifos { mkfifo(app.path + "/" + fifo, 0o644) }

        var arguments = header.run
        arguments.insert(path, at: 1)
        if arguments[0] == "render" && !arguments.contains("--size") { arguments += ["--size", "40x5"] }
        if !arguments.contains("--max-memory") { arguments += ["--max-memory", "64"] }
        if !arguments.contains("--max-seconds") && !arguments.contains("--max-instructions") {
            arguments += ["--max-seconds", "1"]
        }
        let result = runTheolua(arguments, timeout: Self.timeLimit)

        let context = "\(name): \(header.attack)\nstatus \(result.status)\nstderr: \(result.stderr.prefix(600))"
        #expect(!result.timedOut, "hung: \(context)")
        #expect(!result.signalled, "ended by a signal: \(context)")
        #expect(header.statuses.contains(result.status), "\(context)")
        if let pattern = header.stderr {
            #expect(result.stderr.contains(try Regex(pattern)), "stderr does not match /\(pattern)/: \(context)")
        }
        if let pattern = header.stdout {
            #expect(result.stdout.contains(try Regex(pattern)), "stdout does not match /\(pattern)/: \(context)")
        }
        if header.clean {
            for (name, text) in [("stdout", result.stdout), ("stderr", result.stderr)] {
                let control = text.unicodeScalars.first { scalar in
                    (scalar.value < 0x20 && scalar != "\t" && scalar != "\n") || (0x7F...0x9F).contains(scalar.value)
                }
                #expect(control == nil, "\(name) holds U+\(String(control?.value ?? 0, radix: 16)): \(context)")
            }
        }
        let cap = header.memoryCap * 1024
        let bound = Sanitizer.allowance(for: cap + Self.runtimeAllowanceKilobytes)
        #expect(
            result.peakKilobytes <= bound,
            "peak memory \(result.peakKilobytes) KiB over \(bound) KiB, the cap of \(cap) KiB plus the runtime's own: \(context)"
        )
    }

    /// A case's header.
    struct Header {
        var attack = ""
        var run: [String] = ["render"]
        var statuses: Set<Int32> = [1]
        var stderr: String?
        var stdout: String?
        var symlinks: [(String, String)] = []
        var fifos: [String] = []
        var clean = false

        /// The memory cap the case runs under, in MiB.
        var memoryCap: Int {
            guard let index = run.firstIndex(of: "--max-memory"), index + 1 < run.count else { return 64 }
            return Int(run[index + 1]) ?? 64
        }

        init(_ source: String) {
            for line in source.split(separator: "\n") {
                guard line.hasPrefix("-- "), let colon = line.firstIndex(of: ":") else { break }
                let key = line.dropFirst(3)[..<colon]
                let value = String(line[line.index(after: colon)...].drop { $0 == " " })
                switch key {
                case "attack": attack = value
                case "run": run = Header.words(value)
                case "status": statuses = Set(value.split(separator: "|").compactMap { Int32($0) })
                case "stderr": stderr = value
                case "stdout": stdout = value
                case "symlink":
                    let parts = value.split(separator: " -> ").map(String.init)
                    if parts.count == 2 { symlinks.append((parts[0], parts[1])) }
                case "fifo": fifos.append(value)
                case "clean": clean = value == "true"
                default: break
                }
            }
        }

        /// Splits `text` on spaces, keeping double-quoted words whole.
        static func words(_ text: String) -> [String] {
            var words: [String] = []
            var current = ""
            var quoted = false
            var started = false
            for character in text {
                if character == "\"" {
                    quoted.toggle()
                    started = true
                } else if character == " " && !quoted {
                    if started { words.append(current) }
                    current = ""
                    started = false
                } else {
                    current.append(character)
                    started = true
                }
            }
            if started { words.append(current) }
            return words
        }
    }
}
