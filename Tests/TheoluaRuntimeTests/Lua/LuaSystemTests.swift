import Foundation
import Testing
import TheoluaCore
import TheoluaRuntime

/// Scripts that run processes and follow files (docs/lua-api.md, Processes and files):
/// results arrive as ordinary script calls, and what a component started ends with it.
@Suite struct LuaSystemTests {
    /// A runtime running `app.lua` written to a fresh folder, with `permissions`.
    private func app(
        _ source: String, permissions: Permissions = .all, height: Int = 4
    ) throws -> (LuaApp, TempFolder) {
        let folder = try TempFolder()
        let path = try folder.write("app.lua", source)
        let app = try LuaApp(width: 40, height: height, permissions: permissions)
        try app.runtime.load(file: path)
        try app.runtime.mount()
        return (app, folder)
    }

    /// Services the runtime's processes and watches until `done` or five seconds.
    private func service(_ app: LuaApp, until done: () -> Bool) {
        let deadline = ContinuousClock.now + .seconds(5)
        while !done() && ContinuousClock.now < deadline {
            app.runtime.serviceIO(waitingUntil: min(deadline, .now + .milliseconds(50)))
        }
    }

    static let lines = """
        local ui = require("theolua")
        return ui.component("Lines", {
          props = { command = { "string", default = "printf 'a\\\\nb\\\\n'; exit 2" } },
          initialState = function() return { lines = {}, status = "running" } end,
          render = function(self)
            return ui.column { ui.text(self.state.status), ui.text(table.concat(self.state.lines, ",")) }
          end,
          controller = {
            init = function(ctl)
              ctl.process = ui.spawn("sh", { "-c", ctl.props.command }, {
                onStdout = function(line)
                  ctl:updateState(function(s)
                    local lines = { table.unpack(s.lines) }
                    lines[#lines + 1] = line
                    return { lines = lines, status = s.status }
                  end)
                end,
                onExit = function(code) ctl:updateState(function(s) return { lines = s.lines, status = "exit " .. code } end) end,
              })
            end,
            willUnmount = function(ctl) print("unmounting", ctl.process.running) end,
          },
        })
        """

    @Test func aProcessOutputAndExitArriveAsScriptCalls() throws {
        let (app, folder) = try app(Self.lines)
        _ = folder
        #expect(app.runtime.waitForProcesses(timeout: .seconds(5)))
        #expect(app.lines == ["exit 2", "a,b", "", ""])
        #expect(app.runtime.runningProcessCount == 0)
    }

    @Test func bytesGoInAndComeOutExactly() throws {
        let source = #"""
            local ui = require("theolua")
            ui.spawn("cat", {}, {
              stdin = "\xff\xfe\0z\r\nlast",
              onStdout = function(line) print(#line, line:byte(1, -1)) end,
            })
            return ui.text "cat"
            """#
        let (app, folder) = try app(source)
        _ = folder
        #expect(app.runtime.waitForProcesses(timeout: .seconds(5)))
        #expect(app.takeLogs() == ["4\t255\t254\t0\t122", "4\t108\t97\t115\t116"])
    }

    @Test func handlersAreTakenWhereverAFunctionIsCalledLater() throws {
        let source = """
            local ui = require("theolua")
            return ui.component("Handlers", {
              initialState = function() return { heard = {} } end,
              render = function(self)
                return ui.column {
                  ui.button { "start", onPress = self:handler("start") },
                  ui.text(table.concat(self.state.heard, ",")),
                }
              end,
              actions = {
                start = function(self)
                  ui.spawn("sh", { "-c", "echo out; exit 3" },
                    { onStdout = self:handler("heard", "line"), onExit = self:handler("heard", "exit") })
                  ui.exec("sh", { "-c", "exit 4" }, { onExit = self:handler("heard", "exec") })
                  ui.after(0.5, self:handler("heard", "timer"))
                end,
                heard = function(self, what, value)
                  self:updateState(function(s)
                    local heard = { table.unpack(s.heard) }
                    heard[#heard + 1] = what .. "=" .. tostring(value)
                    return { heard = heard }
                  end)
                end,
              },
            })
            """
        let (app, folder) = try app(source)
        _ = folder
        app.press("enter")
        #expect(app.runtime.takeErrors() == [])
        #expect(app.runtime.waitForProcesses(timeout: .seconds(5)))
        if let program = app.runtime.takeProgram() {
            app.runtime.finish(program, Subprocess.Termination(code: 4, signal: nil))
        }
        app.advance(1)
        #expect(app.lines[1] == "line=out,exit=3,exec=4,timer=nil")
    }

    @Test func aProcessEndsWhenItsComponentUnmounts() throws {
        let (app, folder) = try app(
            Self.lines.replacingOccurrences(of: "printf 'a\\\\nb\\\\n'; exit 2", with: "echo $$; exec sleep 30"))
        _ = folder
        service(app) { app.lines.count > 1 && app.lines[1] != "" }
        let pid = try #require(Int32(app.lines[1]))
        app.runtime.unmount()
        #expect(app.takeLogs() == ["unmounting\ttrue"])
        // Reaped by the runtime as it ended the process: gone, not a zombie.
        #expect(kill(pid, 0) != 0)
    }

    @Test func aDeniedSpawnIsAScriptErrorNamingTheFlag() throws {
        let (app, folder) = try app(Self.lines, permissions: Permissions(run: .only(["ls"])))
        _ = folder
        let errors = app.errors()
        #expect(errors.count == 1)
        #expect(
            errors.first?.hasSuffix(
                "app.lua:10: Lines: ui.spawn: running \"sh\" is not allowed: start theolua with --allow-run (or --allow-run=sh)"
            ) == true, "\(errors)")
    }

    static let editor = """
        local ui = require("theolua")
        local Editor = ui.component("Editor", {
          initialState = function() return { status = "editing" } end,
          render = function(self) return ui.text(self.state.status) end,
          controller = { init = function(ctl)
            ui.exec("sh", { "-c", "exit 4", "note.md" }, {
              cwd = "notes",
              onExit = function(code, signal) ctl:updateState({ status = "exit " .. tostring(code) .. " " .. tostring(signal) }) end,
            })
          end },
        })
        return ui.component("App", {
          props = { shown = { "boolean", default = true } },
          render = function(self) return self.props.shown and Editor {} or ui.text "gone" end,
        })
        """

    @Test func aProgramWaitsForTheHostWhichReportsItsEnd() throws {
        let (app, folder) = try app(Self.editor)
        #expect(app.runtime.takeErrors().isEmpty)
        let pending = app.runtime.pendingPrograms
        #expect(pending.map(\.command) == ["sh"])
        #expect(pending.first?.arguments == ["-c", "exit 4", "note.md"])
        #expect(pending.first?.launch.folder.hasSuffix("/notes") == true)
        #expect(pending.first.map { Paths.name(of: $0.launch.executable) } == Paths.name(of: Paths.resolved("/bin/sh")))
        guard let program = app.runtime.takeProgram() else { return }
        #expect(app.runtime.takeProgram() == nil)
        app.runtime.finish(program, Subprocess.Termination(code: 4, signal: nil))
        #expect(app.lines.first == "exit 4 nil")
        // Reported once: a second end changes nothing.
        app.runtime.finish(program, Subprocess.Termination(code: 0, signal: nil))
        #expect(app.lines.first == "exit 4 nil")
        _ = folder
    }

    @Test func aProgramAskedForByAComponentThatLeftDoesNotRun() throws {
        let (app, folder) = try app(Self.editor)
        _ = folder
        try app.runtime.mount(props: ["shown": .bool(false)])
        #expect(app.runtime.pendingPrograms.isEmpty)
        #expect(app.runtime.takeProgram() == nil)
    }

    @Test func aDeniedExecIsAScriptErrorNamingTheFlag() throws {
        let (app, folder) = try app(Self.editor, permissions: Permissions(run: .only(["ls"])))
        _ = folder
        #expect(app.errors().first?.contains("ui.exec: running \"sh\" is not allowed: start theolua with --allow-run (or --allow-run=sh)") == true)
        #expect(app.runtime.pendingPrograms.isEmpty)
    }

    @Test func aTailDeliversAppendedLines() throws {
        let source = """
            local ui = require("theolua")
            local seen = {}
            ui.tail("app.log", function(lines)
              for _, line in ipairs(lines) do seen[#seen + 1] = line end
              print(table.concat(seen, ","))
            end)
            return ui.text "tailing"
            """
        let folder = try TempFolder()
        try folder.write("app.log", "before\n")
        let path = try folder.write("app.lua", source)
        let app = try LuaApp(width: 20, height: 1, permissions: Permissions(read: .only([folder.path])))
        try app.runtime.load(file: path)
        try app.runtime.mount()
        let log = try #require(FileHandle(forWritingAtPath: folder.path + "/app.log"))
        log.seekToEndOfFile()
        log.write(Data("one\ntwo\n".utf8))
        service(app) { !app.logs.isEmpty }
        #expect(app.takeLogs() == ["one,two"])
        try log.close()
    }

    @Test func aReloadEndsTheTopLevelWorkOfThePreviousLoad() throws {
        let source = """
            local ui = require("theolua")
            ui.watch(".", function() print("changed") end)
            return ui.text "watching"
            """
        let (app, folder) = try app(source)
        try app.runtime.reload()
        try folder.write("other.txt", "x")
        service(app) { !app.logs.isEmpty }
        // One watch: the first load's stopped when the second succeeded.
        #expect(app.takeLogs() == ["changed"])
    }

    @Test func readingAndListingAnswerWithPlainValues() throws {
        let source = """
            local ui = require("theolua")
            local entries = ui.listDir("data")
            local names = {}
            for i, e in ipairs(entries) do names[i] = e.name .. ":" .. e.kind .. ":" .. e.size end
            return ui.column { ui.text(table.concat(names, " ")), ui.text(ui.readFile("data/a.txt")) }
            """
        let folder = try TempFolder()
        try folder.write("data/a.txt", "hello")
        try folder.write("data/sub/b.txt", "")
        let path = try folder.write("app.lua", source)
        let app = try LuaApp(width: 40, height: 2, permissions: Permissions(read: .only([folder.path + "/data"])))
        try app.runtime.load(file: path)
        try app.runtime.mount()
        #expect(app.lines == ["a.txt:file:5 sub:directory:0", "hello"])
    }

    @Test func writesChangeOnlyWhatTheWriteGrantReaches() throws {
        let source = """
            local ui = require("theolua")
            ui.makeDir("data/notes")
            ui.writeFile("data/notes/a.txt", "one")
            ui.appendFile("data/notes/a.txt", 2)
            ui.rename("data/notes/a.txt", "data/notes/b.txt")
            ui.writeFile("data/gone.txt", "")
            ui.remove("data/gone.txt")
            local _, outside = pcall(ui.writeFile, "elsewhere.txt", "x")
            local _, reading = pcall(ui.readFile, "data/notes/b.txt")
            return ui.column {
              ui.text { outside, wrap = "none" }, ui.text { reading, wrap = "none" },
            }
            """
        let folder = try TempFolder()
        try folder.write("data/.keep", "")
        let path = try folder.write("app.lua", source)
        let app = try LuaApp(width: 90, height: 2, permissions: Permissions(write: .only([folder.path + "/data"])))
        try app.runtime.load(file: path)
        try app.runtime.mount()
        #expect(try String(contentsOfFile: folder.path + "/data/notes/b.txt", encoding: .utf8) == "one2")
        #expect(!FileManager.default.fileExists(atPath: folder.path + "/data/gone.txt"))
        #expect(!FileManager.default.fileExists(atPath: folder.path + "/elsewhere.txt"))
        #expect(
            app.lines == [
                #"ui.writeFile: writing "elsewhere.txt" is not allowed: start theolua with --allow-write (or"#,
                #"ui.readFile: reading "data/notes/b.txt" is not allowed: start theolua with --allow-read (o"#,
            ])
    }

    @Test func aWriteOfTheWrongArgumentsSaysWhatItWanted() throws {
        let source = """
            local ui = require("theolua")
            local messages = {}
            for _, call in ipairs({
              function() ui.writeFile("x.txt") end,
              function() ui.writeFile("x.txt", {}) end,
              function() ui.appendFile(nil, "x") end,
              function() ui.rename("x.txt") end,
              function() ui.remove("missing.txt") end,
              function() ui.writeFile("x.txt", string.rep("x", 64 * 1024 * 1024 + 1)) end,
            }) do
              local _, err = pcall(call)
              messages[#messages + 1] = ui.text { err, wrap = "none" }
            end
            return ui.column(messages)
            """
        let folder = try TempFolder()
        let path = try folder.write("app.lua", source)
        let app = try LuaApp(
            width: 90, height: 6, limits: ScriptLimits(memoryBytes: 256 << 20, instructions: 5_000_000),
            permissions: .all)
        try app.runtime.load(file: path)
        try app.runtime.mount()
        #expect(
            app.lines == [
                "app.lua:4: ui.writeFile: expected the data as a string, got no value",
                "app.lua:5: ui.writeFile: expected the data as a string, got table",
                "app.lua:6: ui.appendFile: expected a path as a string, got nil",
                "app.lua:7: ui.rename: expected a path as a string, got no value",
                "app.lua:8: ui.remove: missing.txt: No such file or directory",
                "app.lua:9: ui.writeFile: the data is 67108865 bytes, more than the 64 MiB one write holds",
            ])
    }

    @Test func aHostFunctionAnswersAtOnceUnderThePermissions() throws {
        let runtime = try Runtime(width: 60, height: 2)
        try runtime.registerFunction("shout") { arguments in .string((arguments.first?.stringValue ?? "").uppercased())
        }
        try runtime.registerFunction("size") { [unowned runtime] arguments in
            let path = try runtime.readablePath(arguments.first?.stringValue ?? "")
            return .string(path)
        }
        try runtime.load(
            source: """
                local ui = require("theolua")
                local ok, err = pcall(ui.host.size, "notes.txt")
                return ui.column { ui.text(ui.host.shout("milk")), ui.text { err, wrap = "char" } }
                """, name: "app.lua")
        try runtime.mount()
        #expect(runtime.lines[0] == "MILK")
        #expect(runtime.lines[1].hasPrefix("ui.host.size: reading \"notes.txt\" is not allowed"))
    }

    @Test func hostFunctionsLiveInANamespaceTheHostPicks() throws {
        let runtime = try Runtime(width: 40, height: 1)
        try runtime.registerFunction("restart", in: "deploy") { arguments in
            .string("restarted " + (arguments.first?.stringValue ?? "?"))
        }
        try runtime.registerFunction("text", in: "deploy") { _ in "a host's own text" }
        #expect(throws: ScriptError.self) { try runtime.registerFunction("restart", in: "deploy") { _ in .null } }
        // A namespace never takes a name theolua's own module has.
        #expect(throws: ScriptError.self) { try runtime.registerFunction("restart", in: "text") { _ in .null } }
        #expect(throws: ScriptError.self) { try runtime.registerFunction("go", in: "not a name") { _ in .null } }
        try runtime.load(
            source: """
                local ui = require("theolua")
                return ui.text(ui.deploy.restart("api") .. " / " .. ui.deploy.text() .. " / " .. tostring(ui.restart))
                """, name: "app.lua")
        try runtime.mount()
        #expect(runtime.lines[0] == "restarted api / a host's own text / nil")
    }

    @Test func aLoadThatChangedAHostNamespaceLeavesTheNextLoadIntact() throws {
        let runtime = try Runtime(width: 40, height: 1)
        try runtime.registerFunction("ping") { _ in "pong" }
        try runtime.load(
            source: """
                local ui = require("theolua")
                ui.host.ping = function() return "spoofed" end
                ui.host.extra = 1
                setmetatable(ui.host, { __index = function() return "meta" end })
                return ui.text(ui.host.ping())
                """, name: "app.lua")
        try runtime.mount()
        #expect(runtime.lines[0] == "spoofed")
        try runtime.load(
            source: """
                local ui = require("theolua")
                return ui.text(ui.host.ping() .. " " .. tostring(ui.host.extra) .. " " .. tostring(ui.host.missing))
                """, name: "app.lua")
        try runtime.mount()
        #expect(runtime.lines[0] == "pong nil nil")
    }

    @Test func anAsyncHostFunctionRepliesAtTheNextTurnUnlessItsComponentLeft() throws {
        let runtime = try Runtime(width: 30, height: 1)
        var replies: [(Result<Value, any Error>) -> Void] = []
        try runtime.registerAsyncFunction("lookup") { _, reply in replies.append(reply) }
        try runtime.load(
            source: """
                local ui = require("theolua")
                local Fetcher = ui.component("Fetcher", {
                  initialState = function() return { text = "waiting" } end,
                  render = function(self) return ui.text(self.state.text) end,
                  controller = { init = function(ctl)
                    ui.host.lookup("a", function(value, err)
                      ctl:updateState(function() return { text = value or err } end)
                    end)
                  end },
                })
                return ui.component("App", {
                  props = { shown = { "boolean", default = true } },
                  render = function(self) return self.props.shown and Fetcher {} or ui.text "gone" end,
                })
                """, name: "app.lua")
        try runtime.mount()
        #expect(replies.count == 1)
        replies[0](.success(.string("fetched")))
        runtime.serviceIO()
        #expect(runtime.lines == ["fetched"])
        try runtime.mount(props: ["shown": .bool(false)])
        try runtime.mount(props: ["shown": .bool(true)])
        #expect(replies.count == 2)
        try runtime.mount(props: ["shown": .bool(false)])
        replies[1](.success(.string("late")))
        runtime.serviceIO()
        #expect(runtime.lines == ["gone"])
        #expect(runtime.takeErrors().isEmpty)
    }

    /// The reply comes from a thread of its own (a thread, not a task: a test that
    /// waits on Swift's shared pool can wait long while other suites block it).
    @Test func anAsyncHostFunctionMayReplyFromAnotherThread() throws {
        let runtime = try Runtime(width: 30, height: 1)
        try runtime.registerAsyncFunction("slowUpper") { arguments, reply in
            let word = arguments.first?.stringValue ?? ""
            Thread.detachNewThread {
                usleep(20_000)
                reply(.success(.string(word.uppercased())))
                reply(.success("a second reply is ignored"))
            }
        }
        try runtime.load(
            source: """
                local ui = require("theolua")
                return ui.component("Asker", {
                  initialState = function() return { text = "waiting" } end,
                  render = function(self) return ui.text(self.state.text) end,
                  controller = { init = function(ctl)
                    ui.host.slowUpper("ada", function(value, err)
                      ctl:updateState(function() return { text = value or err } end)
                    end)
                  end },
                })
                """, name: "app.lua")
        try runtime.mount()
        #expect(runtime.lines == ["waiting"])
        let start = ContinuousClock.now
        while runtime.lines != ["ADA"] && ContinuousClock.now - start < .seconds(10) {
            runtime.serviceIO(waitingUntil: .now + .milliseconds(10))
        }
        #expect(runtime.lines == ["ADA"])
        runtime.serviceIO(waitingUntil: .now + .milliseconds(50))
        #expect(runtime.lines == ["ADA"])
        #expect(runtime.takeErrors().isEmpty)
    }
}
