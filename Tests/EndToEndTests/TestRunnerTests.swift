import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `theolua test` and `render --tree`: the examples' own tests pass, a broken
/// expectation fails clearly, snapshots are written, compared and updated.
@Suite struct TestRunnerTests {
    static let app = """
        local ui = require("theolua")
        return ui.component("Greeting", {
          props = { name = { "string", default = "world" } },
          initialState = function() return { shown = 1 } end,
          render = function(self)
            return ui.column { onKey = self:handler("key"),
              ui.text("hello " .. self.props.name), ui.text("shown " .. self.state.shown) }
          end,
          actions = { key = function(self, event)
            if event.name ~= "n" then return false end
            self:updateState(function(s) return { shown = s.shown + 1 } end)
            ui.emit("counted", { n = self.state.shown + 1 })
            return true
          end },
        })
        """

    @Test func theExamplesTestsPass() {
        let result = runTheolua(
            ["test", Paths.package + "/Examples", "--allow-run=git,true", "--allow-read=\(Paths.package)"], timeout: 120)
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.hasSuffix("49 passed, 0 failed\n"), "\(result.stdout)")
    }

    @Test func whatATestPrintsOrFailsWithIsShownNeverObeyed() {
        let folder = ScriptFolder()
        defer { folder.remove() }
        folder.write("app.lua", Self.app)
        folder.write(
            "app_test.lua",
            """
            local t = require("theolua.test")
            t.test("clears \\27[2J the screen", function()
              print("\\27]52;c;aGk=\\7")
              error("boom \\27]0;title\\7 \\194\\155")
            end)
            """)
        let result = runTheolua(["test", folder.path])
        #expect(result.status == 1)
        #expect(result.stdout.contains("clears ␛[2J the screen"), "\(result.stdout)")
        #expect(result.stdout.contains("␛]52;c;aGk=␇"), "\(result.stdout)")
        #expect(result.stdout.contains("boom ␛]0;title␇ �"), "\(result.stdout)")
        #expect(
            !result.stdout.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 || $0.value == 0x9B },
            "\(result.stdout)")
    }

    @Test func aBrokenExpectationFailsWithItsLineAndTheScreen() {
        let folder = ScriptFolder()
        defer { folder.remove() }
        folder.write("app.lua", Self.app)
        folder.write(
            "app_test.lua",
            """
            local t = require("theolua.test")
            t.test("passes", function()
              local app = t.mount("app.lua", { size = "20x2", props = { name = "ada" } })
              app:press("n", "n")
              t.expect(app:screen()):toBe("hello ada\\nshown 3")
              t.expect(app:find("Greeting").state):toEqual({ shown = 3 })
              t.expect(app:emitted()[2]):toEqual({ name = "counted", payload = { n = 3 } })
            end)
            t.describe("greeting", function()
              t.test("fails", function()
                local app = t.mount("app.lua", { size = "20x2" })
                t.expect(app:find("Greeting").props.name):toBe("ada")
              end)
            end)
            """)
        let result = runTheolua(["test", folder.path, "--junit", folder.path + "/junit.xml"])
        #expect(result.status == 1)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first?.hasPrefix("✓ app_test.lua › passes (") == true, "\(result.stdout)")
        #expect(lines.dropFirst().first?.hasPrefix("✗ app_test.lua › greeting › fails (") == true, "\(result.stdout)")
        #expect(lines.contains("    app_test.lua:12: expected \"world\" to be \"ada\""), "\(result.stdout)")
        #expect(lines.contains("    │hello world"), "\(result.stdout)")
        #expect(lines.last == "1 passed, 1 failed")
        let junit = Files.read(folder.path + "/junit.xml") ?? ""
        #expect(junit.contains(#"<testsuites tests="2" failures="1""#), "\(junit)")
        #expect(
            junit.contains(#"<failure message="app_test.lua:12: expected &quot;world&quot; to be &quot;ada&quot;">"#))

        let filtered = runTheolua(["test", folder.path, "--filter", "passes"])
        #expect(filtered.status == 0)
        #expect(filtered.stdout.hasSuffix("1 passed, 0 failed\n"))
    }

    @Test func snapshotsAreWrittenComparedAndUpdated() {
        let folder = ScriptFolder()
        defer { folder.remove() }
        folder.write("app.lua", Self.app)
        folder.write(
            "snap_test.lua",
            """
            local t = require("theolua.test")
            t.test("greets", function()
              local app = t.mount("app.lua", { size = "20x2" })
              t.snapshot(app)
            end)
            """)
        let snapshot = folder.path + "/__snapshots__/snap_test/greets.txt"
        #expect(runTheolua(["test", folder.path]).status == 0)
        #expect(Files.read(snapshot) == "hello world\nshown 1\n")
        #expect(runTheolua(["test", folder.path]).status == 0)
        _ = Files.write("hello world\nshown 2\n", to: snapshot)
        let mismatch = runTheolua(["test", folder.path])
        #expect(mismatch.status == 1)
        #expect(
            mismatch.stdout.contains("snapshot greets differs (run with --update to accept):"), "\(mismatch.stdout)")
        #expect(mismatch.stdout.contains("   2 - shown 2\n       2 + shown 1"), "\(mismatch.stdout)")
        #expect(runTheolua(["test", folder.path, "--update"]).status == 0)
        #expect(Files.read(snapshot) == "hello world\nshown 1\n")
    }

    @Test func aScriptThatDoesNotLoadIsAFailure() {
        let folder = ScriptFolder()
        defer { folder.remove() }
        folder.write("bad_test.lua", "local t = require('theolua.test')\nt.test('x', function() end\n")
        let result = runTheolua(["test", folder.path])
        #expect(result.status == 1)
        #expect(result.stdout.contains("✗ bad_test.lua › (loading)"), "\(result.stdout)")
        #expect(result.stdout.contains("bad_test.lua:3:"), "\(result.stdout)")
        let empty = ScriptFolder()
        defer { empty.remove() }
        let none = runTheolua(["test", empty.path])
        #expect(none.status == 1)
        #expect(none.stderr.contains("no *_test.lua files"), "\(none.stderr)")
    }

    @Test func aTestCannotWidenTheSandbox() {
        let folder = ScriptFolder()
        defer { folder.remove() }
        folder.write("app.lua", "local ui = require('theolua')\nreturn ui.text(ui.readFile('app.lua'):sub(1, 5))")
        folder.write(
            "read_test.lua",
            """
            local t = require("theolua.test")
            t.test("reads", function()
              local app = t.mount("app.lua", { size = "10x1", allow = { read = true } })
              t.expect(app:screen()):toBe("local")
            end)
            """)
        let denied = runTheolua(["test", folder.path])
        #expect(denied.status == 1)
        #expect(denied.stdout.contains("t.mount: allow.read needs theolua test --allow-read"), "\(denied.stdout)")
        #expect(runTheolua(["test", folder.path, "--allow-read"]).status == 0)
    }

    @Test func aTestGrantsWritesOnlyWithinTheCommandsGrant() {
        let folder = ScriptFolder()
        defer { folder.remove() }
        folder.write("app.lua", "local ui = require('theolua')\nui.writeFile('out.txt', 'saved')\nreturn ui.text('ok')")
        folder.write(
            "write_test.lua",
            """
            local t = require("theolua.test")
            t.test("writes", function()
              local app = t.mount("app.lua", { size = "10x1", allow = { write = true } })
              t.expect(app:screen()):toBe("ok")
            end)
            """)
        let denied = runTheolua(["test", folder.path])
        #expect(denied.status == 1)
        #expect(denied.stdout.contains("t.mount: allow.write needs theolua test --allow-write"), "\(denied.stdout)")
        #expect(Files.read(folder.path + "/out.txt") == nil)
        let granted = runTheolua(["test", folder.path, "--allow-write=\(folder.path)"])
        #expect(granted.status == 0, "\(granted.stdout)")
        #expect(Files.read(folder.path + "/out.txt") == "saved")
    }

    @Test func snapshotsAreWrittenAndReadForATestNamedByARelativePath() {
        let folder = ScriptFolder()
        defer { folder.remove() }
        Files.makeFolder(folder.path + "/app")
        Files.write("local ui = require('theolua')\nreturn ui.text('snap')", to: folder.path + "/app/app.lua")
        Files.write(
            """
            local t = require("theolua.test")
            t.test("snaps", function() t.snapshot(t.mount("app.lua", { size = "4x1" })) end)
            """, to: folder.path + "/app/snap_test.lua")
        let command = "cd '\(folder.path)' && '\(Paths.binary)' test app"
        let first = runProcess("/bin/sh", ["-c", command])
        #expect(first.stdout.hasSuffix("1 passed, 0 failed\n"), "\(first.stdout)")
        #expect(Files.read(folder.path + "/app/__snapshots__/snap_test/snaps.txt") == "snap\n")
        let again = runProcess("/bin/sh", ["-c", command])
        #expect(again.stdout.hasSuffix("1 passed, 0 failed\n"), "\(again.stdout)")
    }

    @Test func anAppGetsExactlyTheGrantsItsAllowAsks() {
        let folder = ScriptFolder()
        defer { folder.remove() }
        Files.makeFolder(folder.path + "/tests/fixtures")
        Files.write("fixture", to: folder.path + "/tests/fixtures/a.txt")
        folder.write("secret.txt", "secret")
        folder.write(
            "app.lua",
            """
            local ui = require("theolua")
            local ok, text = pcall(ui.readFile, ui.props and ui.props.path or "tests/fixtures/a.txt")
            return ui.text((io.stdout and "io " or "no-io ") .. (ok and text or "denied"))
            """)
        folder.write(
            "tests/app_test.lua",
            """
            local t = require("theolua.test")
            t.test("no io unless asked", function()
              t.expect(t.mount("../app.lua", { size = "30x1" }):screen()):toBe("no-io denied")
              t.expect(t.mount("../app.lua", { size = "30x1", allow = { io = true } }):screen()):toBe("io denied")
            end)
            t.test("a fixture folder", function()
              local app = t.mount("../app.lua", { size = "30x1", allow = { read = { "fixtures" } } })
              t.expect(app:screen()):toBe("no-io fixture")
            end)
            t.test("a folder outside the grant", function()
              t.mount("../app.lua", { size = "30x1", allow = { read = { ".." } } })
            end)
            t.test("an unknown grant", function()
              t.mount("../app.lua", { size = "30x1", allow = { reed = true } })
            end)
            """)
        let result = runTheolua([
            "test", folder.path + "/tests", "--allow-io", "--allow-read=\(folder.path)/tests/fixtures",
        ])
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.contains { $0.hasPrefix("✓ app_test.lua › no io unless asked") }, "\(result.stdout)")
        #expect(lines.contains { $0.hasPrefix("✓ app_test.lua › a fixture folder") }, "\(result.stdout)")
        #expect(
            result.stdout.contains("t.mount: allow.read asks for .., outside what theolua test --allow-read grants"),
            "\(result.stdout)")
        #expect(
            result.stdout.contains("t.mount: allow has no grant 'reed' (it takes run, read, write, net and io)"),
            "\(result.stdout)")
        #expect(lines.last == "2 passed, 2 failed", "\(result.stdout)")
    }

    @Test func whatATestPrintsIsShownUnderItOnlyWhenItFails() {
        let folder = ScriptFolder()
        defer { folder.remove() }
        folder.write("app.lua", "local ui = require('theolua')\nprint('app says hi')\nreturn ui.text('x')")
        folder.write(
            "print_test.lua",
            """
            local t = require("theolua.test")
            t.test("passes", function() print("quiet") t.mount("app.lua", { size = "5x1" }) end)
            t.test("fails", function()
              print("before the failure")
              t.mount("app.lua", { size = "5x1" })
              t.expect(1):toBe(2)
            end)
            """)
        let result = runTheolua(["test", folder.path])
        #expect(!result.stdout.contains("quiet"), "\(result.stdout)")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        guard let printed = lines.firstIndex(of: "    printed:") else {
            Issue.record("no printed section: \(result.stdout)")
            return
        }
        #expect(Array(lines[(printed + 1)...].prefix(2)) == ["    │before the failure", "    │app: app says hi"])
    }

    @Test func aPasteTooLargeIsRefusedWithAWarningAndTheAppGoesOn() {
        let folder = ScriptFolder()
        defer { folder.remove() }
        folder.write(
            "app.lua",
            """
            local ui = require("theolua")
            return ui.component("Notes", {
              initialState = function() return { text = "", name = "" } end,
              actions = {
                text = function(self, v) self:updateState { text = v, name = self.state.name } end,
                name = function(self, v) self:updateState { text = self.state.text, name = v } end,
              },
              render = function(self)
                return ui.column {
                  ui.textarea { value = self.state.text, onChange = self:handler("text"), rows = 1 },
                  ui.input { value = self.state.name, onChange = self:handler("name") },
                }
              end,
            })
            """)
        folder.write(
            "paste_test.lua",
            """
            local t = require("theolua.test")
            t.test("a paste too large changes nothing", function()
              local app = t.mount("app.lua", { size = "20x2" })
              local huge = string.rep("x", 10 * 1024 * 1024)
              app:paste(huge):type("z")
              app:press("tab"):paste(huge):type("y")
              t.expect(app:find("Notes").state):toEqual({ text = "z", name = "y" })
              t.expect(app:screen()):toBe("z\\ny")
            end)
            """)
        let result = runTheolua(["test", folder.path])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        let warning =
            "  warning: paste of 10 MiB not inserted: the app holds at most 8 MiB of text at once (the host's limit);"
            + " paste less at a time"
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.filter { $0 == warning }.count == 2, "\(result.stdout)")
        #expect(lines.last == "1 passed, 0 failed", "\(result.stdout)")
    }

    @Test func aScratchFolderIsGrantedWithoutFlagsAndRemovedAfterItsTest() {
        let folder = ScriptFolder()
        defer { folder.remove() }
        folder.write(
            "writer.lua",
            """
            local ui = require("theolua")
            return ui.component("Writer", {
              props = { folder = "string" },
              render = function(self) return ui.text "w" end,
              controller = { init = function(ctl)
                ui.writeFile(ctl.props.folder .. "/out.txt", ui.readFile(ctl.props.folder .. "/in.txt") .. "!")
              end },
            })
            """)
        folder.write(
            "writer_test.lua",
            """
            local t = require("theolua.test")
            t.test("writes in the scratch", function()
              local dir = t.scratch({ ["in.txt"] = "hello", ["sub/deep.txt"] = "x" })
              print("scratch " .. dir.path)
              t.mount("writer.lua", { props = { folder = dir.path }, allow = { read = { dir.path }, write = { dir.path } } })
              t.expect(dir:read("out.txt")):toBe("hello!")
              t.expect(dir:read("sub/deep.txt")):toBe("x")
              t.expect(dir:read("missing.txt")):toBe(nil)
              t.expect(pcall(t.mount, "writer.lua", { props = { folder = "." }, allow = { write = { "." } } })):toBe(false)
              error("shown")
            end)
            """)
        let result = runTheolua(["test", folder.path + "/writer_test.lua"])
        #expect(result.stdout.contains("writer_test.lua:10: shown"), "\(result.stdout)")
        let scratch = result.stdout.split(separator: "\n").first { $0.contains("scratch /") }
            .map { String($0.split(separator: " ").last ?? "") }
        #expect(scratch != nil, "\(result.stdout)")
        if let scratch { #expect(access(scratch, F_OK) != 0, "the scratch folder is removed after the test") }
    }

    /// An app showing the time and a scratch folder's path: its snapshot, written by
    /// the first run, matches on the second; the clock is virtual from 2000-01-01 UTC
    /// and the path reads `<scratch 1>`, and `cwd` makes the app's relative paths start
    /// in the scratch folder.
    @Test func aSnapshotOfTheTimeAndAScratchPathIsTheSameOnEveryRun() {
        let folder = ScriptFolder()
        defer { folder.remove() }
        folder.write(
            "now.lua",
            """
            local ui = require("theolua")
            return ui.component("Now", {
              props = { folder = "string" },
              initialState = function() return { now = os.time() } end,
              render = function(self)
                return ui.column {
                  ui.text(os.date("%Y-%m-%d %H:%M:%S", self.state.now)),
                  ui.text(os.date("%c")),
                  ui.text(string.format("seconds %d", os.time() - 946684800)),
                  ui.text("in " .. self.props.folder),
                  ui.text("note: " .. ui.readFile("note.txt")),
                }
              end,
              controller = { init = function(ctl)
                ui.every(1, function() ctl:updateState({ now = os.time() }) end)
              end },
            })
            """)
        folder.write(
            "now_test.lua",
            """
            local t = require("theolua.test")
            t.test("shows the time and its folder", function()
              local dir = t.scratch({ ["note.txt"] = "kept" })
              local app = t.mount("now.lua", {
                size = "60x5", props = { folder = dir.path }, cwd = dir.path, allow = { read = { dir.path } },
              })
              app:advance(61.5)
              t.expect(app:screen()):toContain("in " .. dir.path)
              t.expect(os.time()):toBe(946684800)
              t.snapshot(app)
            end)
            """)
        let expected = """
            2000-01-01 00:01:01
            Sat Jan  1 00:01:01 2000
            seconds 61
            in <scratch 1>
            note: kept

            """
        let first = runTheolua(["test", folder.path])
        #expect(first.status == 0, "\(first.stdout)\(first.stderr)")
        #expect(Files.read(folder.path + "/__snapshots__/now_test/shows-the-time-and-its-folder.txt") == expected)
        let second = runProcess(Paths.binary, ["test", folder.path], adding: ["TZ=Pacific/Kiritimati"])
        #expect(second.status == 0, "\(second.stdout)\(second.stderr)")
        #expect(second.stdout.hasSuffix("1 passed, 0 failed\n"), "\(second.stdout)")
    }

    @Test func renderPrintsTheComponentTree() {
        let folder = ScriptFolder()
        defer { folder.remove() }
        let app = folder.write("app.lua", Self.app)
        let result = runTheolua(["render", app, "--size", "20x2", "--keys", "n", "--tree"])
        #expect(result.stdout == "hello world\nshown 2\nGreeting props { name = \"world\" } state { shown = 2 }\n")
        let only = runTheolua(["render", Paths.package + "/Examples/todo.lua", "--tree-only"])
        #expect(only.status == 0)
        Golden.check(only.stdout, named: "todo-tree")
    }
}
