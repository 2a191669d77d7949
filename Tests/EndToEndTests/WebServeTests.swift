#if Serve && os(Linux)
import TheoluaTestServer
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// `theolua serve --web`, opened in a real browser (headless Chromium) as a user opens
/// it: the page's terminal shows the app, keys typed into the page reach it, the
/// terminal follows the window, and a session ends as over SSH.
@Suite(.serialized) struct WebServeTests {
    /// Counts keys and presses of its button, and shows the width it has.
    static let app = """
        local ui = require("theolua")
        return ui.component("App", {
          initialState = function() return { n = 0, pressed = 0 } end,
          render = function(self)
            return ui.column {
              onKey = function(key)
                self:updateState({ n = self.state.n + 1, pressed = self.state.pressed })
                return true
              end,
              ui.text("keys " .. self.state.n),
              ui.text { "edge", align = "right" },
              ui.row {
                ui.button {
                  "press",
                  onPress = function() self:updateState({ n = self.state.n, pressed = self.state.pressed + 1 }) end,
                },
                ui.text(" pressed " .. self.state.pressed),
              },
            }
          end,
        })
        """

    /// A web server of `ServeTests.app`, and the address it printed.
    final class Server {
        let folder: ScriptFolder
        let process: TerminalProcess
        /// `http://127.0.0.1:PORT/?token=…`, as printed.
        let address: String
        let port: Int
        let token: String

        init(_ flags: [String] = []) throws {
            folder = ScriptFolder()
            folder.write("app.lua", WebServeTests.app)
            process = try TerminalProcess(
                Paths.binary, ["serve", folder.path + "/app.lua", "--web", "127.0.0.1:0", "--max-memory", "32"] + flags,
                columns: 200, rows: 50)
            var address: String?
            process.wait(timeout: 20) { server in
                guard let line = server.log.split(separator: "\n").first(where: { $0.contains("on the web at ") }),
                    let url = line.split(separator: " ").first(where: { $0.hasPrefix("http://") })
                else { return false }
                address = String(url.hasSuffix(",") ? url.dropLast() : url)
                return true
            }
            self.address = try #require(address, "no address in: \(process.log)")
            let afterHost = self.address.dropFirst("http://127.0.0.1:".count)
            port = try #require(Int(afterHost.prefix { $0.isNumber }))
            token = self.address.contains("?token=") ? String(self.address.split(separator: "=").last ?? "") : ""
        }

        func stop() {
            process.type("\u{03}")
            _ = process.waitForExit(timeout: 10)
            folder.remove()
        }
    }

    /// Whether a WebSocket to `address`, opened from the browser's page, opens.
    static func opens(_ browser: Browser, _ address: String) throws -> Bool {
        let result = try browser.evaluate(
            """
            new Promise(function (settle) {
              var socket = new WebSocket("\(address)");
              socket.onopen = function () { socket.close(); settle("open"); };
              socket.onerror = function () { settle("refused"); };
            })
            """, awaitingPromise: true)
        return result as? String == "open"
    }

    @Test func thePageShowsTheAppTakesKeysFollowsTheWindowAndEndsOnCtrlC() throws {
        let server = try Server()
        defer { server.stop() }
        let browser = try Browser(width: 800, height: 600)
        try browser.open(server.address)
        #expect(browser.waitForScreen(containing: "keys 0"), "\(browser.screen) \(browser.text)")
        let first = try #require(browser.size)
        #expect(first.columns > 40 && first.rows > 10)
        #expect(server.process.wait { $0.log.contains("started (\(first.columns)x\(first.rows))") }, "\(server.process.log)")
        #expect(browser.screen[1] == String(repeating: " ", count: first.columns - 4) + "edge")

        try browser.type("abc")
        #expect(browser.waitForScreen(containing: "keys 3"), "\(browser.screen)")
        // The mouse too: a click on the button presses it.
        let button = try #require(browser.screen[2].range(of: "press"))
        try browser.click(column: browser.screen[2].distance(from: browser.screen[2].startIndex, to: button.lowerBound) + 1, row: 2)
        #expect(browser.waitForScreen(containing: "pressed 1"), "\(browser.screen)")

        // A smaller window: fewer columns, and the app laid out again at the new width.
        try browser.resize(width: 480, height: 320)
        #expect(
            browser.wait { page in
                guard let size = page.size, size.columns < first.columns else { return false }
                return page.screen.count > 1 && page.screen[1] == String(repeating: " ", count: size.columns - 4) + "edge"
            }, "\(browser.screen)")

        try browser.type("\u{03}")
        #expect(browser.wait { $0.text.contains("The session ended.") }, "\(browser.text)")
        #expect(server.process.wait { $0.log.contains("ended (status 0)") }, "\(server.process.log)")
    }

    @Test func theTokenGuardsThePageAndItsSessionsAndAnotherSiteCannotOpenOne() throws {
        let server = try Server()
        defer { server.stop() }
        let browser = try Browser()
        let base = "http://127.0.0.1:\(server.port)/"
        try browser.open(base)
        #expect(browser.wait { $0.text.contains("This server wants its token") }, "\(browser.text)")
        try browser.open(base + "?token=" + String(server.token.reversed()))
        #expect(browser.wait { $0.text.contains("This server wants its token") }, "\(browser.text)")

        try browser.open(server.address)
        #expect(browser.waitForScreen(containing: "keys 0"), "\(browser.screen) \(browser.text)")
        let session = "ws://127.0.0.1:\(server.port)/session?token="
        #expect(try !Self.opens(browser, session + "wrong"))
        #expect(try Self.opens(browser, session + server.token))
        #expect(server.process.wait { $0.log.contains("session 2 from") }, "\(server.process.log)")

        // Another site's page, even one that has the token, cannot open a session: a
        // visitor's browser would otherwise run the app for it.
        let site = try HTTPTestServer { _ in .init(headers: [("Content-Type", "text/html")], body: "<p>another site</p>") }
        defer { site.stop() }
        try browser.open(site.url("/"))
        #expect(browser.wait { $0.text.contains("another site") })
        #expect(try !Self.opens(browser, session + server.token))
        usleep(200_000)
        #expect(!server.process.log.contains("session 3 from"), "\(server.process.log)")
    }

    @Test func theCapReachesThePageAndALeavingPageEndsItsSession() throws {
        let server = try Server(["--max-sessions", "1"])
        defer { server.stop() }
        let browser = try Browser()
        let first = try browser.open(server.address)
        #expect(browser.waitForScreen(containing: "keys 0"), "\(browser.screen) \(browser.text)")
        let second = try browser.open(server.address)
        #expect(
            browser.waitForScreen(containing: "1 sessions are open, the most this server takes"),
            "\(browser.screen)")
        #expect(browser.wait { $0.text.contains("The session ended (status 1).") }, "\(browser.text)")

        // The first tab leaves: its session ends, as at a closed terminal, and the second,
        // reloaded, has the place.
        browser.switch(to: first)
        try browser.call("Page.navigate", ["url": "about:blank"])
        #expect(server.process.wait { $0.log.contains("ended (the client went)") }, "\(server.process.log)")
        browser.switch(to: second)
        try browser.call("Page.reload")
        #expect(browser.waitForScreen(containing: "keys 0"), "\(browser.screen) \(browser.text)")
    }

    @Test func aPortInUseIsSaidInTheSystemsWords() throws {
        let folder = ScriptFolder()
        defer { folder.remove() }
        folder.write("app.lua", Self.app)
        // A port this test holds.
        let holder = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(holder) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { raw in
                bind(holder, raw, length) == 0 && listen(holder, 1) == 0 && getsockname(holder, raw, &length) == 0
            }
        }
        try #require(bound)
        let port = Int(UInt16(bigEndian: address.sin_port))
        let result = runProcess(Paths.binary, ["serve", folder.path + "/app.lua", "--web", "127.0.0.1:\(port)"])
        #expect(result.status != 0)
        #expect(
            result.stderr.contains(
                "cannot listen on 127.0.0.1:\(port): Address already in use: another program listens there; choose another port"),
            "\(result.stderr)")
        #expect(!result.stderr.contains("errno"), "\(result.stderr)")
    }

    @Test func theCommandLineSaysWhatServeNeeds() throws {
        let folder = ScriptFolder()
        defer { folder.remove() }
        folder.write("app.lua", Self.app)
        folder.write("short", "tooshort\n")
        folder.write("token", "  a-token_of.more~than16  \nsecond line\n")
        let app = folder.path + "/app.lua"
        let refusals: [([String], String)] = [
            ([], "serve needs --ssh HOST:PORT, --web HOST:PORT, or both"),
            (["--web", "8080"], "--web takes HOST:PORT"),
            (["--web", "127.0.0.1:70000"], "--web takes HOST:PORT"),
            (["--web", "127.0.0.1:0", "--host-key", "k"], "--host-key and --authorized-keys are for --ssh"),
            (["--ssh", "127.0.0.1:0"], "--ssh needs --host-key FILE and --authorized-keys FILE"),
            (["--ssh", "127.0.0.1:0", "--web-no-token", "--host-key", "k", "--authorized-keys", "a"], "are for --web"),
            (["--web", "127.0.0.1:0", "--web-no-token", "--web-token-file", "x"], "cannot both be given"),
            (["--web", "127.0.0.1:0", "--web-token-file", folder.path + "/short"], "at least 16 letters"),
            (["--web", "127.0.0.1:0", "--web-token-file", folder.path + "/none"], "cannot read the web token file"),
            // Read only when it is a file of at most 4 KiB: never waited on, never read whole.
            (["--web", "127.0.0.1:0", "--web-token-file", folder.path + "/fifo"], "it is a FIFO, not a file"),
            (["--web", "127.0.0.1:0", "--web-token-file", "/dev/zero"], "it is a device, not a file"),
            (["--web", "127.0.0.1:0", "--web-token-file", folder.path + "/huge"], "a file of at most 4 KiB"),
        ]
        mkfifo(folder.path + "/fifo", 0o600)
        #expect(truncate(folder.write("huge", ""), 3 << 30) == 0)
        for (flags, message) in refusals {
            let result = runProcess(Paths.binary, ["serve", app] + flags)
            #expect(result.status == 2, "\(flags): \(result.stderr)")
            #expect(result.stderr.contains(message), "\(flags): \(result.stderr)")
        }

        // A theolua without its server beside it says so, and where it looked.
        let alone = folder.path + "/theolua"
        #expect(runProcess("/bin/cp", [Paths.binary, alone]).status == 0)
        let missing = runProcess(alone, ["serve", app, "--web", "127.0.0.1:0"])
        #expect(missing.status == 2, "\(missing.stderr)")
        #expect(
            missing.stderr.contains("serve needs its server, theolua-serve, beside theolua: \(folder.path)/theolua-serve"),
            "\(missing.stderr)")

        // A token from a file (its first line, trimmed) is the one the address carries.
        let server = try Server(["--web-token-file", folder.path + "/token"])
        defer { server.stop() }
        #expect(server.token == "a-token_of.more~than16", "\(server.address)")
        // The server runs in theolua's place, and the token is not on its command line,
        // where other users could read it.
        let commandLine = try #require(Files.read("/proc/\(server.process.pid)/cmdline"))
        #expect(commandLine.contains("theolua-serve"), "\(commandLine)")
        #expect(!commandLine.contains("a-token_of"), "\(commandLine)")
        let open = try Server(["--web-no-token"])
        defer { open.stop() }
        #expect(open.address == "http://127.0.0.1:\(open.port)/", "\(open.address)")
    }
}
#endif
