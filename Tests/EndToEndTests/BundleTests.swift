import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `theolua bundle APP -o FILE`: one executable carrying the runtime and the app's
/// folder, which runs the app (`FILE` with `run`'s flags, `FILE render`, `FILE check`).
/// The runtime put in is `THEOLUA_STATIC_BINARY`: this build's theolua for the bundle's
/// workings, and the one `scripts/build-static` makes (`scripts/test` builds it) for
/// running where neither Swift nor Lua is.
@Suite(.serialized) struct BundleTests {
    /// An app whose folder has a module and a data file beside it.
    private func appFolder() -> ScriptFolder {
        let folder = ScriptFolder()
        folder.write(
            "app.lua",
            """
            local ui = require("theolua")
            local greeting = require("greeting")
            return ui.component("Hello", {
              props = { name = { "string", default = "world" } },
              initialState = function()
                local ok, motd = pcall(ui.readFile, ui.appFolder .. "/motd.txt")
                return { shown = ok and motd or nil, hidden = pcall(ui.readFile, ui.appFolder .. "/.hidden") }
              end,
              render = function(self)
                return ui.column { onKey = self:handler("key"),
                  ui.text { greeting.say(self.props.name), bold = true },
                  ui.text(self.state.shown or "no motd"),
                  self.state.hidden and ui.text("hidden bundled") or nil,
                }
              end,
              actions = { key = function(self, key) if key.name == "q" then ui.quit() return true end end },
            })
            """)
        folder.write("greeting.lua", "return { say = function(name) return 'hello, ' .. name end }")
        folder.write("motd.txt", "bundled data")
        folder.write(".hidden", "left out")
        return folder
    }

    private func bundle(_ folder: ScriptFolder, runtime: String = Paths.binary) -> (ProcessResult, String) {
        let output = folder.path + "/hello"
        let result = runProcess(
            Paths.binary, ["bundle", folder.path + "/app.lua", "-o", output],
            adding: ["THEOLUA_STATIC_BINARY=\(runtime)"])
        return (result, output)
    }

    @Test func aBundleRendersChecksAndRunsItsApp() throws {
        let folder = appFolder()
        defer { folder.remove() }
        let (made, bundle) = bundle(folder)
        #expect(made.status == 0, "\(made.stderr)")
        #expect(made.stdout.contains("3 files of the app"), "\(made.stdout)")
        // Made again beside the first one: a bundle is never part of the app.
        let again = runProcess(
            Paths.binary, ["bundle", folder.path + "/app.lua", "-o", folder.path + "/again"],
            adding: ["THEOLUA_STATIC_BINARY=\(Paths.binary)"])
        #expect(again.stdout.contains("3 files of the app"), "\(again.stdout)")
        unlink(folder.path + "/again")
        // Elsewhere, the folder gone: the bundle carries what the app needs.
        let moved = Files.temporaryFolder() + "/bundled-hello"
        #expect(rename(bundle, moved) == 0)
        defer { unlink(moved) }
        folder.remove()
        let rendered = runProcess(moved, ["render", "--size", "24x2", "--allow-read", "--props", #"{"name":"you"}"#])
        #expect(rendered.status == 0, "\(rendered.stderr)")
        #expect(rendered.stdout == "hello, you\nbundled data\n")
        #expect(runProcess(moved, ["check"]).stdout == "ok\n")
        // Without a subcommand it is `run`, with run's flags.
        let terminal = try TerminalProcess(moved, ["--no-mouse", "--allow-read"], columns: 30, rows: 4)
        #expect(terminal.waitForScreen(containing: "hello, world"), "\(terminal.screen)")
        #expect(terminal.screen.text.contains("bundled data"))
        terminal.type("q")
        #expect(terminal.waitForExit() == 0)
        // Its own files are readable without a flag, but a hidden file stays out; the
        // second start finds the app unpacked.
        #expect(runProcess(moved, ["render", "--size", "24x3"]).stdout == "hello, world\nbundled data\n\n")
    }

    /// Relative paths start in the folder the bundle was started in, as its grants do:
    /// `--allow-read=. --allow-write=.` there reads and writes `./notes` there, not the
    /// bundle's unpacked copy; modules and the bundled files (through `ui.appFolder`,
    /// without a flag) come from the copy.
    @Test func aBundleWorksOnTheFolderItWasStartedInAndReadsItsOwnFilesThroughAppFolder() {
        let folder = ScriptFolder()
        defer { folder.remove() }
        folder.write(
            "app.lua",
            """
            local ui = require("theolua")
            local greeting = require("greeting")
            print("app folder " .. ui.appFolder)
            local sample = ui.readFile(ui.appFolder .. "/sample.txt")
            local ok, notes = pcall(ui.readFile, "notes")
            if ok then ui.writeFile("notes", notes .. "+") end
            return ui.column {
              ui.text(greeting.say("notes")), ui.text("sample: " .. sample), ui.text("notes: " .. (ok and notes or "none")),
            }
            """)
        folder.write("greeting.lua", "return { say = function(name) return 'hello, ' .. name end }")
        folder.write("sample.txt", "bundled sample")
        folder.write("notes", "bundled notes")
        let (made, bundle) = bundle(folder)
        #expect(made.status == 0, "\(made.stderr)")
        let work = ScriptFolder()
        defer { work.remove() }
        work.write("notes", "mine")
        let started = { (flags: [String]) in
            runProcess(
                "/bin/sh",
                ["-c", #"cd "$1" && shift && exec "$@""#, "sh", work.path, bundle, "render", "--size", "30x3"] + flags)
        }
        let granted = started(["--allow-read=.", "--allow-write=."])
        #expect(granted.status == 0, "\(granted.stderr)")
        #expect(granted.stdout == "hello, notes\nsample: bundled sample\nnotes: mine\n", "\(granted.stderr)")
        #expect(Files.read(work.path + "/notes") == "mine+")
        let appFolder = granted.stderr.split(separator: "\n").first { $0.hasPrefix("app folder /") }
            .map { String($0.dropFirst("app folder ".count)) }
        #expect(appFolder != nil && appFolder != work.path, "\(granted.stderr)")
        if let appFolder {
            #expect(Files.read(appFolder + "/notes") == "bundled notes", "the bundle's copy is left alone")
            #expect(Files.read(appFolder + "/app.lua") != nil)
        }
        // Without a flag: its own files still, the folder's notes not.
        let bare = started([])
        #expect(bare.status == 0, "\(bare.stderr)")
        #expect(bare.stdout == "hello, notes\nsample: bundled sample\nnotes: none\n", "\(bare.stderr)")
        #expect(Files.read(work.path + "/notes") == "mine+")
    }

    @Test func aBundleNeedsARuntimeWithEverythingLinkedIn() {
        let folder = appFolder()
        defer { folder.remove() }
        let result = runProcess(
            Paths.binary, ["bundle", folder.path + "/app.lua", "-o", folder.path + "/out"],
            adding: ["THEOLUA_STATIC_BINARY=/nonexistent/theolua"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("scripts/build-static"), "\(result.stderr)")
    }

    @Test func aLinkPlantedBesideTheOutputIsNeverWrittenThrough() throws {
        let folder = appFolder()
        defer { folder.remove() }
        let target = folder.write("target", "keep me")
        chmod(target, 0o600)
        // The shell plants links at every name the bundle's new file was once given (the
        // output's name, its pid and `.partial`), then becomes theolua with the same pid.
        let output = folder.path + "/out"
        let result = runProcess(
            "/bin/sh",
            [
                "-c", "ln -s \"$1\" \"$2.$$.partial\" && exec \"$3\" bundle \"$4\" -o \"$2\"", "sh", target, output,
                Paths.binary, folder.path + "/app.lua",
            ], adding: ["THEOLUA_STATIC_BINARY=\(Paths.binary)"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(Files.read(target) == "keep me")
        var info = stat()
        #expect(stat(target, &info) == 0 && info.st_mode & 0o777 == 0o600)
        #expect(lstat(output, &info) == 0 && info.st_mode & S_IFMT == S_IFREG && info.st_mode & 0o777 == 0o755)
        #expect(runProcess(output, ["render", "--size", "24x2"]).stdout.contains("hello, world"))
    }

    @Test func aFileTooLargeForABundleIsRefusedBeforeItIsRead() throws {
        let folder = appFolder()
        defer { folder.remove() }
        // 4 GiB that take no room on disk, and would take 4 GiB read.
        let sparse = folder.write("huge.bin", "")
        #expect(truncate(sparse, 4 << 30) == 0)
        let (result, _) = bundle(folder)
        #expect(result.status == 2, "\(result.stderr)")
        #expect(result.stderr.contains("more than 256 MiB"), "\(result.stderr)")
        #expect(result.peakKilobytes < 200 * 1024, "peak \(result.peakKilobytes) KiB")
    }

    static let staticRuntime: String? = getenv("THEOLUA_STATIC_BINARY").map { String(cString: $0) }

    @Test(.enabled(if: staticRuntime != nil, "scripts/test sets THEOLUA_STATIC_BINARY (scripts/build-static)"))
    func aBundleRunsWhereNeitherSwiftNorLuaIsInstalled() throws {
        let folder = appFolder()
        defer { folder.remove() }
        let (made, bundle) = bundle(folder, runtime: Self.staticRuntime ?? "")
        #expect(made.status == 0, "\(made.stderr)")
        let libraries = runProcess("/usr/bin/ldd", [bundle])
        #expect(!libraries.stdout.contains("swift") && !libraries.stdout.contains("lua"), "\(libraries.stdout)")
        // No environment at all: no PATH, no LD_LIBRARY_PATH, no HOME.
        let rendered = runProcess(
            bundle, rawArguments: [Array("render".utf8), Array("--size".utf8), Array("24x1".utf8)], environment: [])
        #expect(rendered.status == 0, "\(rendered.stderr)")
        #expect(rendered.stdout == "hello, world\n")
    }
}
