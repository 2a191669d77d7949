#if Serve
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `theolua serve --ssh`, reached with OpenSSH's client through a pseudo-terminal, as a
/// user at a terminal reaches it: the server runs in a pty of its own (ctrl+c stops it),
/// and each client is `ssh -tt` in another.
@Suite(.serialized) struct ServeTests {
    /// Counts keys, shows the width it has, and on `l` loops for ever, on `m` fills its
    /// memory: what one session does must not touch another.
    static let app = """
        local ui = require("theolua")
        return ui.component("App", {
          initialState = function() return { n = 0 } end,
          render = function(self)
            return ui.column {
              onKey = function(key)
                if key.name == "l" then while true do end end
                if key.name == "m" then
                  local hoard = {}
                  for i = 1, 1e9 do hoard[i] = string.rep("x", 1000) .. i end
                end
                self:updateState({ n = self.state.n + 1 })
                return true
              end,
              ui.text("keys " .. self.state.n),
              ui.text { "edge", align = "right" },
            }
          end,
        })
        """

    /// A server and what its clients need: keys, the app's folder.
    final class Server {
        let folder: ScriptFolder
        let process: TerminalProcess
        let port: Int
        var appPath: String { folder.path + "/app.lua" }

        init(app: String = ServeTests.app, _ flags: [String] = []) throws {
            folder = ScriptFolder()
            folder.write("app.lua", app)
            for name in ["host", "client", "stranger"] {
                let made = runProcess("/usr/bin/env", ["ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-f", folder.path + "/" + name])
                try #require(made.status == 0, "ssh-keygen: \(made.stderr)")
            }
            let key = try #require(Files.read(folder.path + "/client.pub"))
            folder.write("authorized_keys", "# who may connect\n" + key)
            process = try TerminalProcess(
                Paths.binary,
                [
                    "serve", folder.path + "/app.lua", "--ssh", "127.0.0.1:0", "--host-key", folder.path + "/host",
                    "--authorized-keys", folder.path + "/authorized_keys", "--max-memory", "32",
                    "--max-instructions", "2000000",
                ] + flags, columns: 200, rows: 50)
            var port: Int?
            process.wait(timeout: 20) { server in
                guard let line = server.log.split(separator: "\n").first(where: { $0.contains("over SSH on") }),
                    let address = line.split(separator: " ").first(where: { $0.hasPrefix("127.0.0.1:") })
                else { return false }
                port = Int(address.dropFirst("127.0.0.1:".count).prefix { $0.isNumber })
                return true
            }
            self.port = try #require(port, "no port in: \(process.log)")
        }

        /// `ssh -tt` to the server with the client's key (or `key`), in a terminal of
        /// its own; `command` asks for a command instead of the app.
        func connect(
            key: String = "client", columns: Int = 60, rows: Int = 8, terminal: String = "-tt", options: [String] = [],
            command: [String] = []
        ) throws -> TerminalProcess {
            try TerminalProcess(
                "/usr/bin/env",
                ["ssh", "-F", "/dev/null", terminal] + options + [
                    "-p", String(port), "-i", folder.path + "/" + key,
                    "-o", "IdentitiesOnly=yes", "-o", "BatchMode=yes", "-o", "StrictHostKeyChecking=no",
                    "-o", "UserKnownHostsFile=/dev/null", "-o", "LogLevel=ERROR", "someone@127.0.0.1",
                ] + command, columns: columns, rows: rows)
        }

        func stop() {
            process.type("\u{03}")
            _ = process.waitForExit(timeout: 10)
            folder.remove()
        }
    }

    @Test func aSessionShowsTheAppTakesKeysFollowsResizesAndEndsOnCtrlC() throws {
        let server = try Server()
        defer { server.stop() }
        let client = try server.connect(columns: 60, rows: 8)
        #expect(client.waitForScreen(containing: "keys 0", timeout: 20), "\(client.visibleOutput())")
        #expect(client.screen.lines[1] == String(repeating: " ", count: 56) + "edge")
        client.type("abc")
        #expect(client.waitForScreen(containing: "keys 3"))
        client.resize(columns: 40, rows: 6)
        #expect(client.wait { $0.screen.lines.count > 1 && $0.screen.lines[1] == String(repeating: " ", count: 36) + "edge" })
        client.type("\u{03}")
        #expect(client.waitForExit(timeout: 10) == 0)
        #expect(server.process.wait { $0.log.contains("session 1 from 127.0.0.1:") && $0.log.contains("ended (status 0)") })
    }

    @Test func sessionsAreApartARunawayOrAFullSessionTouchesNoOther() throws {
        let server = try Server()
        defer { server.stop() }
        let looping = try server.connect()
        let hoarding = try server.connect()
        let calm = try server.connect()
        for client in [looping, hoarding, calm] {
            #expect(client.waitForScreen(containing: "keys 0", timeout: 20), "\(client.visibleOutput())")
        }
        looping.type("l")
        hoarding.type("m")
        calm.type("xx")
        #expect(calm.waitForScreen(containing: "keys 2"))
        // The budget stops the loop and the cap the hoard; each session says so, in its own app.
        #expect(looping.waitForScreen(containing: "instruction budget", timeout: 20), "\(looping.visibleOutput())")
        #expect(hoarding.waitForScreen(containing: "memory", timeout: 20), "\(hoarding.visibleOutput())")
        calm.type("x")
        #expect(calm.waitForScreen(containing: "keys 3"))
        for client in [looping, hoarding, calm] { client.type("\u{03}") }
        #expect(calm.waitForExit(timeout: 10) == 0)
    }

    @Test func aSaveReloadsEverySessionEachKeepingItsState() throws {
        let server = try Server()
        defer { server.stop() }
        let first = try server.connect()
        let second = try server.connect()
        #expect(first.waitForScreen(containing: "keys 0", timeout: 20))
        #expect(second.waitForScreen(containing: "keys 0", timeout: 20))
        first.type("aaa")
        second.type("b")
        #expect(first.waitForScreen(containing: "keys 3"))
        #expect(second.waitForScreen(containing: "keys 1"))
        let saved = ServeTests.app.replacing("\"keys \" ..", with: "\"hits \" ..")
        #expect(Files.write(saved, to: server.appPath))
        #expect(first.waitForScreen(containing: "hits 3", timeout: 10), "\(first.visibleOutput())")
        #expect(second.waitForScreen(containing: "hits 1", timeout: 10), "\(second.visibleOutput())")
    }

    @Test func onlyAuthorizedKeysGetInAndNothingRunsButTheApp() throws {
        let server = try Server()
        defer { server.stop() }
        let stranger = try server.connect(key: "stranger")
        #expect(stranger.waitForExit(timeout: 20) == 255)
        #expect(stranger.screen.text.contains("Permission denied"), "\(stranger.visibleOutput())")
        // A command is not run, and the client is told why.
        let command = try server.connect(columns: 160, command: ["cat", "/etc/passwd"])
        #expect(command.waitForExit(timeout: 20) == 1)
        #expect(!command.screen.text.contains("root:"), "\(command.visibleOutput())")
        #expect(
            command.screen.text.contains("this server runs an app, not commands (asked to run 'cat /etc/passwd')"),
            "\(command.visibleOutput())")
        // A forwarded connection (here to the server's own port) is refused.
        let forward = try server.connect(terminal: "-T", options: ["-W", "127.0.0.1:\(server.port)"])
        #expect(forward.waitForExit(timeout: 20) == 255)
        #expect(!forward.screen.text.contains("SSH-2.0"), "\(forward.visibleOutput())")
        // No terminal, no app: the client is told how to ask for one.
        let bare = try server.connect(columns: 120, terminal: "-T")
        #expect(bare.waitForExit(timeout: 20) == 1)
        #expect(bare.screen.text.contains("which needs a terminal: connect with ssh -t"), "\(bare.visibleOutput())")
        #expect(!server.process.log.contains("started"), "no session started: \(server.process.log)")
    }

    @Test func aClientWhoseTerminalHasNoSizeGetsEightyByTwentyFour() throws {
        let server = try Server()
        defer { server.stop() }
        let client = try server.connect(columns: 0, rows: 0)
        #expect(
            server.process.wait(timeout: 20) { $0.log.contains("started (80x24)") }, "\(server.process.log)")
        client.type("\u{03}")
        _ = client.waitForExit(timeout: 10)
    }

    @Test func sessionsBeyondTheCapAreToldSoAndEnded() throws {
        let server = try Server(["--max-sessions", "1"])
        defer { server.stop() }
        let first = try server.connect()
        #expect(first.waitForScreen(containing: "keys 0", timeout: 20))
        let second = try server.connect(columns: 120)
        #expect(second.waitForExit(timeout: 20) == 1)
        #expect(second.screen.text.contains("1 sessions are open, the most this server takes"), "\(second.visibleOutput())")
        // The first goes; its place is free again.
        first.type("\u{03}")
        #expect(first.waitForExit(timeout: 10) == 0)
        #expect(server.process.wait { $0.log.contains("ended (status 0)") })
        let third = try server.connect()
        #expect(third.waitForScreen(containing: "keys 0", timeout: 20), "\(third.visibleOutput())")
    }

    @Test func anIdleSessionEndsAndADisconnectedOneHangsItsAppUp() throws {
        let server = try Server(["--idle-timeout", "1"])
        defer { server.stop() }
        let idle = try server.connect()
        #expect(idle.waitForScreen(containing: "keys 0", timeout: 20))
        #expect(idle.waitForExit(timeout: 15) != nil)
        #expect(idle.screen.text.contains("the session ended after 1 s without a key"), "\(idle.visibleOutput())")
        #expect(server.process.wait { $0.log.contains("after going idle") })

        let gone = try server.connect()
        #expect(gone.waitForScreen(containing: "keys 0", timeout: 20))
        #expect(Self.sessionProcesses(of: server.appPath) == 1)
        gone.hangUp()
        gone.stop()
        #expect(server.process.wait(timeout: 10) { $0.log.contains("ended (the client went)") }, "\(server.process.log)")
        // The app was hung up, as by a closing terminal, and is gone.
        #expect(server.process.wait(timeout: 10) { _ in Self.sessionProcesses(of: server.appPath) == 0 })
    }
}

extension ServeTests {
    /// How many processes run the app at `path` (`theolua run PATH …`), from /proc.
    static func sessionProcesses(of path: String) -> Int {
        Files.names(in: "/proc").filter { name in
            guard name.allSatisfy(\.isNumber), let line = Files.read("/proc/\(name)/cmdline") else { return false }
            let arguments = line.split(separator: "\0")
            return arguments.count >= 3 && arguments[1] == "run" && arguments[2] == path
        }.count
    }
}

extension TerminalProcess {
    /// Everything the process wrote, as text.
    var log: String { String(decoding: output, as: UTF8.self) }
}
#endif
