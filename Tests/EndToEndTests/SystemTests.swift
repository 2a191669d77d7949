import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Processes and files through the `theolua` binary: permissions as flags, `render`
/// waiting for what the app spawned, nothing outliving the app, and the git dashboard
/// example against a repository made here.
@Suite struct SystemTests {
    private func render(_ source: String, _ arguments: [String], timeout: Double = 20) -> ProcessResult {
        let folder = ScriptFolder()
        defer { folder.remove() }
        return runTheolua(["render", folder.write("app.lua", source)] + arguments, timeout: timeout)
    }

    static let collector = """
        local ui = require("theolua")
        return ui.component("Collect", {
          props = { command = "string" },
          initialState = function() return { count = 0, last = "", exit = "running" } end,
          render = function(self)
            local s = self.state
            return ui.column { ui.text(s.exit), ui.text(s.count .. " lines, last " .. s.last) }
          end,
          controller = { init = function(ctl)
            ui.spawn("sh", { "-c", ctl.props.command }, {
              onStdout = function(line)
                ctl:updateState(function(s) return { count = s.count + 1, last = line, exit = s.exit } end)
              end,
              onExit = function(code, signal)
                ctl:updateState(function(s) return { count = s.count, last = s.last, exit = "exit " .. tostring(code or signal) } end)
              end,
            })
          end },
        })
        """

    private func props(_ command: String) -> String {
        #"{"command":"\#(command)"}"#
    }

    @Test func renderWaitsForWhatTheAppSpawned() {
        let result = render(
            Self.collector, ["--size", "30x2", "--allow-run=sh", "--props", props("sleep 0.3; echo late")])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "exit 0\n1 lines, last late\n")
    }

    @Test func aFloodOfOutputIsDeliveredWhole() {
        // A long --wait: a build with sanitizers reads far slower; the render ends as
        // soon as the process has.
        let result = render(
            Self.collector, ["--size", "30x2", "--allow-run=sh", "--wait", "120", "--props", props("seq 1 200000")],
            timeout: 180)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "exit 0\n200000 lines, last 200000\n")
    }

    @Test func aProcessStillRunningAfterTheWaitIsEnded() throws {
        let folder = ScriptFolder()
        defer { folder.remove() }
        let pidFile = folder.path + "/pid"
        let started = ContinuousClock.now
        let result = runTheolua(
            [
                "render", folder.write("app.lua", Self.collector), "--size", "30x2", "--allow-run=sh", "--wait", "0.3",
                "--props", props("echo $$ > \(pidFile); exec sleep 60"),
            ])
        #expect(ContinuousClock.now - started < .seconds(10))
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "running\n0 lines, last\n")
        let text = try #require(Files.read(pidFile))
        let pid = try #require(pid_t(text.filter(\.isNumber)))
        #expect(processEnds(pid), "the spawned process outlived theolua")
    }

    /// Writing to a process that closed its input would raise SIGPIPE, which ends a
    /// process that does not hold it.
    @Test func aProcessThatClosesItsInputDoesNotEndTheApp() {
        let source = """
            local ui = require("theolua")
            return ui.component("P", {
              initialState = function() return { s = "running" } end,
              render = function(self) return ui.text(self.state.s) end,
              controller = { init = function(ctl)
                ui.spawn("sh", { "-c", "exec 0<&-; sleep 0.1" }, { stdin = string.rep("x", 1 << 20),
                  onExit = function(code) ctl:updateState({ s = "exit " .. code }) end })
              end },
            })
            """
        let result = render(source, ["--size", "20x1", "--allow-run=sh"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "exit 0\n")
    }

    @Test func aDeniedSpawnFailsTheRenderNamingTheFlag() {
        let result = render(Self.collector, ["--size", "30x2", "--allow-run=ls", "--props", props("true")])
        #expect(result.status == 1)
        #expect(
            result.stderr.contains(
                #"Collect: ui.spawn: running "sh" is not allowed: start theolua with --allow-run (or --allow-run=sh)"#),
            "\(result.stderr)")
    }

    @Test func aLinkOutOfTheGrantedFolderIsDenied() {
        let folder = ScriptFolder()
        defer { folder.remove() }
        _ = Files.write("secret", to: folder.path + "/secret.txt")
        Files.makeFolder(folder.path + "/data")
        symlink(folder.path + "/secret.txt", folder.path + "/data/link.txt")
        let app = folder.write(
            "app.lua",
            """
            local ui = require("theolua")
            return ui.text(ui.readFile("data/link.txt"))
            """)
        let denied = runTheolua(["render", app, "--size", "30x1", "--allow-read=\(folder.path)/data"])
        #expect(denied.status == 1)
        #expect(denied.stderr.contains("ui.readFile: reading \"data/link.txt\" is not allowed"), "\(denied.stderr)")
        let allowed = runTheolua(["render", app, "--size", "30x1", "--allow-read=\(folder.path)"])
        #expect(allowed.stdout == "secret\n", "\(allowed.stderr)")
    }

    @Test func aBareAllowFlagGrantsEverything() {
        let source = """
            local ui = require("theolua")
            return ui.text(#ui.listDir("/") > 0 and "listed" or "empty")
            """
        #expect(render(source, ["--size", "10x1", "--allow-read"]).stdout == "listed\n")
        #expect(render(source, ["--size", "10x1"]).status == 1)
    }

    /// A tiny repository with fixed names and dates, so its hashes are the same on
    /// every machine; one file committed twice, one changed since, one untracked.
    private func makeRepository(in folder: String) -> Bool {
        let script = """
            set -e
            cd '\(folder)'
            export GIT_AUTHOR_NAME=Ada GIT_AUTHOR_EMAIL=ada@example.com GIT_COMMITTER_NAME=Ada
            export GIT_COMMITTER_EMAIL=ada@example.com GIT_AUTHOR_DATE='2026-01-02T03:04:05Z'
            export GIT_COMMITTER_DATE='2026-01-02T03:04:05Z' GIT_CONFIG_GLOBAL=/dev/null GIT_CONFIG_SYSTEM=/dev/null
            git init -q -b main .
            echo one > notes.txt && git add notes.txt && git commit -q -m 'Start the notes'
            echo two >> notes.txt && git commit -q -am 'Add a second note'
            echo three >> notes.txt
            echo draft > draft.txt
            """
        return runProcess("/bin/sh", ["-c", script]).status == 0
    }

    @Test func theGitDashboardShowsARepository() throws {
        guard access("/usr/bin/git", X_OK) == 0 else { return }
        let folder = ScriptFolder()
        defer { folder.remove() }
        try #require(makeRepository(in: folder.path))
        let result = runTheolua([
            "render", Paths.package + "/Examples/git.lua", "--size", "60x12", "--allow-run=git",
            "--allow-read=\(folder.path)", "--props", #"{"repo":"\#(folder.path)"}"#,
        ])
        #expect(result.status == 0, "\(result.stderr)")
        Golden.check(result.stdout, named: "git-dashboard")
    }

    @Test func theGitDashboardNeedsItsPermissions() {
        let result = runTheolua(["render", Paths.package + "/Examples/git.lua", "--size", "60x12"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("start theolua with --allow-run (or --allow-run=git)"), "\(result.stderr)")
    }
}
